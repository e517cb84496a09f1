// The dev mail catcher: a real SMTP server (smtp-server) on loopback that accepts every message,
// parses it (mailparser) and keeps it as JSON in the dev outbox folder, where the services' /dev/outbox
// page shows it. `npm start` runs it (outside production) and points the services' SMTP_URL at it,
// as the dev sign-on stands in for the central one. Refuses to start with NODE_ENV=production.
//
//   DEV_OUTBOX_DIR=.data/dev-outbox DEV_MAIL_PORT=0 node services/dist/hiring/mail/dev-mail-catcher.js
//   -> dev mail catcher listening on smtp://127.0.0.1:<port>
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { COMPANY_HEADER } from './mailer';
import { newOutboxId, writeOutboxMessage, type OutboxMessage } from './outbox';

export interface DevMailCatcher {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Messages received so far (also in the outbox folder). */
  received: OutboxMessage[];
  stop(): Promise<void>;
}

export interface DevMailCatcherOptions {
  outboxDir: string;
  port?: number;
  host?: string;
  /** Called with each message once it is stored. */
  onMessage?: (message: OutboxMessage) => void;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '').filter(Boolean));
}

/** A header's value as text (mailparser gives structured values for some headers), or null. */
function headerText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export async function startDevMailCatcher(options: DevMailCatcherOptions): Promise<DevMailCatcher> {
  const received: OutboxMessage[] = [];
  const server = new SMTPServer({
    // No TLS and no login: loopback only, for development. Any sender and recipient is accepted.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'SkillQuiz dev mail catcher',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const message: OutboxMessage = {
            id: newOutboxId(),
            received_at: new Date().toISOString(),
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            from: parsed.from?.text ?? null,
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            message_id: parsed.messageId ?? null,
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            company_id: headerText(parsed.headers.get(COMPANY_HEADER.toLowerCase())),
          };
          writeOutboxMessage(options.outboxDir, message);
          received.push(message);
          options.onMessage?.(message);
          callback(null, `Message ${message.id} kept in the dev outbox`);
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A broken client connection must not stop the catcher.
  server.on('error', (err) => console.error(`dev mail catcher: ${err.message}`));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    console.error(
      'The dev mail catcher does not run with NODE_ENV=production: set SMTP_URL to a real mail server.',
    );
    process.exit(1);
  }
  const outboxDir = process.env.DEV_OUTBOX_DIR;
  if (!outboxDir) {
    console.error('DEV_OUTBOX_DIR is required (the folder the caught messages are written to)');
    process.exit(2);
  }
  const catcher = await startDevMailCatcher({
    outboxDir,
    port: Number(process.env.DEV_MAIL_PORT ?? 0),
    onMessage: (m) => console.log(`caught mail to ${m.to.join(', ')}: ${m.subject}`),
  });
  console.log(`dev mail catcher listening on ${catcher.url}`);
  const stop = () => void catcher.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('dev mail catcher failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
