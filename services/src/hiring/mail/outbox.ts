// The dev outbox: messages the dev mail catcher received, one JSON file each in DEV_OUTBOX_DIR.
// Read by the services' /dev/outbox pages and by tests. Development only (config refuses
// DEV_OUTBOX_DIR in production).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  id: string;
  received_at: string;
  /** The SMTP envelope's sender and recipients (what the server was told, not the headers). */
  envelope: { from: string | null; to: string[] };
  from: string | null;
  to: string[];
  subject: string;
  message_id: string | null;
  text: string;
  html: string | null;
  /** The company it was sent for (the mailer's X-SkillQuiz-Company header); null: none named, admins only. */
  company_id?: string | null;
}

export type OutboxSummary = Pick<OutboxMessage, 'id' | 'received_at' | 'to' | 'subject'>;

/** File names are `<ms>-<random>.json`: sortable by arrival, and an id a URL may carry safely. */
const ID_RE = /^\d{13}-[0-9a-f]{8}$/;

export function newOutboxId(now = Date.now()): string {
  return `${String(now).padStart(13, '0')}-${randomBytes(4).toString('hex')}`;
}

/** Writes atomically (temp file, then rename), so a reader never sees half a message. */
export function writeOutboxMessage(dir: string, message: OutboxMessage): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${message.id}.json`);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(message, null, 2) + '\n');
  fs.renameSync(`${file}.tmp`, file);
}

/** Newest first: the `limit` newest of those `visible` accepts (default: every message). */
export function listOutbox(
  dir: string,
  limit = 200,
  visible: (m: OutboxMessage) => boolean = () => true,
): OutboxMessage[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.json') && ID_RE.test(n.slice(0, -5)))
    .sort()
    .reverse()
    .map((n) => readOutboxMessage(dir, n.slice(0, -5)))
    .filter((m): m is OutboxMessage => m !== null && visible(m))
    .slice(0, limit);
}

export function readOutboxMessage(dir: string, id: string): OutboxMessage | null {
  if (!ID_RE.test(id)) return null;
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, `${id}.json`), 'utf8')) as OutboxMessage;
  } catch {
    return null;
  }
}

export const summaryOf = (m: OutboxMessage): OutboxSummary => ({
  id: m.id,
  received_at: m.received_at,
  to: m.to,
  subject: m.subject,
});
