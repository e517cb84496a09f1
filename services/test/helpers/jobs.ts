// Test helpers for the background jobs: a real SMTP server and a real HTTP webhook
// receiver on loopback, code run inside the built services (where the queue library loads: jest's
// module system cannot load agenda, an ES module), and polling.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const DIST = path.resolve(__dirname, '..', '..', 'dist');

/** Polls `check` until it is truthy (returning its value), or fails after `ms`. */
export async function until<T>(
  check: () => Promise<T> | T,
  what: string,
  ms = 30_000,
): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string | null;
}

export interface TestSmtp {
  port: number;
  url: string;
  /** Messages the server accepted (answered 250 to). */
  accepted: CaughtMail[];
  /** While true, DATA is read but never answered: the sender hangs, nothing is accepted. */
  stall: boolean;
  /**
   * Messages still to refuse, by recipient address: each is read whole and answered 451 (kept in
   * `refused`, not accepted) while its address's count is above 0.
   */
  refuse: Map<string, number>;
  refused: CaughtMail[];
  /**
   * Called once a message is received whole and kept (it is in `accepted`), and awaited before the
   * server answers 250: a sender killed here has delivered the message without learning it.
   */
  onAccept: ((mail: CaughtMail) => Promise<void> | void) | null;
  stop(): Promise<void>;
}

/** A real SMTP server on loopback (smtp-server + mailparser), on `port` (0: a free one). */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const state: { stall: boolean; onAccept: TestSmtp['onAccept'] } = {
    stall: false,
    onAccept: null,
  };
  const refuse = new Map<string, number>();
  const accepted: CaughtMail[] = [];
  const refused: CaughtMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (m) => {
          if (state.stall) return; // never answered: the client waits until it gives up or dies
          const mail: CaughtMail = {
            to: (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) =>
              a.value.map((v) => v.address ?? ''),
            ),
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            messageId: m.messageId ?? null,
          };
          const left = refuse.get(mail.to[0] ?? '') ?? 0;
          if (left > 0) {
            refuse.set(mail.to[0], left - 1);
            refused.push(mail);
            const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
            return callback(err);
          }
          accepted.push(mail);
          return Promise.resolve(state.onAccept?.(mail)).then(() => callback()); // then the 250
        },
        (err: Error) => callback(err),
      );
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  const smtp: TestSmtp = {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    accepted,
    refused,
    refuse,
    get stall() {
      return state.stall;
    },
    set stall(v: boolean) {
      state.stall = v;
    },
    get onAccept() {
      return state.onAccept;
    },
    set onAccept(f) {
      state.onAccept = f;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const c of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? [])
          c.close();
        server.close(() => resolve());
      }),
  };
  return smtp;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
  /** The status we answered, or null when the request was never answered. */
  answered: number | null;
}

export type Reply = { status: number; delayMs?: number } | 'hang';

export interface TestReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Decides each answer (default: 200 at once). */
  reply: (req: ReceivedRequest, index: number) => Reply;
  stop(): Promise<void>;
}

/** A webhook receiver on loopback that records every request. */
export async function startReceiver(): Promise<TestReceiver> {
  const requests: ReceivedRequest[] = [];
  const receiver: TestReceiver = {
    url: '',
    requests,
    reply: () => ({ status: 200 }),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        answered: null,
      };
      requests.push(entry);
      const reply = receiver.reply(entry, requests.length - 1);
      if (reply === 'hang') return;
      const send = () => {
        if (res.destroyed) return;
        entry.answered = reply.status;
        res.writeHead(reply.status, { 'content-type': 'text/plain' }).end('ok');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/skillquiz`;
  return receiver;
}

/**
 * Runs `body` (the body of an async function) in a node process with the built services loaded:
 * `svc(relativePath)` requires services/dist/<relativePath>, mongoose is connected to `mongoUri`.
 * Resolves with what the body returns (as JSON).
 */
export async function inServices<T = unknown>(
  mongoUri: string,
  body: string,
  env: Record<string, string> = {},
): Promise<T> {
  const script = `
    const path = require('node:path');
    const svc = (p) => require(path.join(${JSON.stringify(DIST)}, p));
    const mongoose = require(require.resolve('mongoose', { paths: [${JSON.stringify(DIST)}] }));
    (async () => {
      await mongoose.connect(${JSON.stringify(mongoUri)});
      const result = await (async () => { ${body} })();
      await mongoose.disconnect();
      process.stdout.write('\\nRESULT ' + JSON.stringify(result ?? null) + '\\n');
      process.exit(0);
    })().catch((err) => { console.error(err && err.stack || err); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (code !== 0 || !line) throw new Error(`script failed (${code}):\n${err}\n${out}`);
  return JSON.parse(line.slice('RESULT '.length)) as T;
}

/** Creates an invitation through the services' own createInvitation (its intent enqueues the email). */
export function createInvitationInServices(
  mongoUri: string,
  input: {
    company: string;
    atoms: string[];
    email?: string | null;
    name?: string | null;
    logoUrl?: string;
    /** The invitation's expiry (default: createInvitation's, 7 days). */
    expiresAt?: Date;
    /** A demo invitation (its quizzes may use pass_243 when DEMO_MODE_ALLOWED). */
    demo?: boolean;
  },
  env: Record<string, string> = {},
): Promise<{
  invitationId: string;
  companyId: string;
  tokens: string[];
  email: { status: string; message: string };
}> {
  return inServices(
    mongoUri,
    `
    const { createInvitation, findOrCreateCompany } = svc('hiring/invitations/index.js');
    const { productEvents } = svc('composition.js');
    const { createLogger } = svc('platform/log/logger.js');
    // As the hiring API does: the invitation's intents are dispatched by this process at once.
    const events = productEvents({ abandonGraceMinutes: 120 }, createLogger('warn'));
    const company = await findOrCreateCompany({ name: ${JSON.stringify(input.company)}, logo_url: ${JSON.stringify(input.logoUrl ?? null)}, support_email: 'help@acme.test' });
    const created = await createInvitation({ company, requiredAtoms: ${JSON.stringify(input.atoms.slice(0, 1))}, optionalAtoms: ${JSON.stringify(input.atoms.slice(1))}, candidateEmail: ${JSON.stringify(input.email ?? null)}, candidateName: ${JSON.stringify(input.name ?? null)}${input.expiresAt ? `, expiresAt: new Date(${input.expiresAt.getTime()})` : ''}, demo: ${input.demo === true}, events });
    const email = created.email;
    return { invitationId: String(created.invitation._id), companyId: String(company._id), tokens: created.quizzes.map((q) => q.token), email };
    `,
    env,
  );
}
