// Open cursors: the remaining results of a find/aggregate/list*, handed out in batches by getMore.
import { Long } from 'bson';
import { CommandError } from './errors';
import { Doc, bsonSize } from './bsonutil';
import { RawDoc } from './rawbson';

/** A result document: decoded, or the stored bytes sent as they are. */
export type ResultDoc = Doc | RawDoc;

/** Leave room under the 16 MiB reply limit for the envelope. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
  ns: string;
  docs: ResultDoc[];
  pos: number;
  lastUsed: number;
}

export class Cursors {
  private readonly open = new Map<number, OpenCursor>();
  private nextId = 1 + Math.floor(Math.random() * 1e6);
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** First batch of a result; keeps a cursor open if more remain. */
  first(ns: string, docs: ResultDoc[], batchSize: number | undefined, singleBatch = false): Doc {
    const { batch, end } = takeBatch(docs, 0, batchSize ?? 101);
    let id = 0;
    if (end < docs.length && !singleBatch) {
      id = this.nextId++;
      this.open.set(id, { ns, docs, pos: end, lastUsed: Date.now() });
    }
    return { cursor: { firstBatch: batch, id: Long.fromNumber(id), ns }, ok: 1 };
  }

  more(id: number, ns: string, batchSize: number | undefined): Doc {
    const c = this.open.get(id);
    if (!c) throw new CommandError('CursorNotFound', `getMore: cursor id ${id} not found`);
    if (c.ns !== ns)
      throw new CommandError(
        'BadValue',
        `getMore: requested getMore on namespace '${ns}', but cursor belongs to '${c.ns}'`,
      );
    const { batch, end } = takeBatch(c.docs, c.pos, batchSize && batchSize > 0 ? batchSize : Infinity);
    c.pos = end;
    c.lastUsed = Date.now();
    let outId = id;
    if (end >= c.docs.length) {
      this.open.delete(id);
      outId = 0;
    }
    return { cursor: { nextBatch: batch, id: Long.fromNumber(outId), ns }, ok: 1 };
  }

  /** How many cursors are open and how many result documents they still hold (serverStatus). */
  stats(): { open: number; docs: number } {
    let docs = 0;
    for (const c of this.open.values()) docs += c.docs.length;
    return { open: this.open.size, docs };
  }

  kill(ids: number[]): Doc {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const id of ids) (this.open.delete(id) ? killed : notFound).push(Long.fromNumber(id));
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, c] of this.open) if (now - c.lastUsed > IDLE_TIMEOUT_MS) this.open.delete(id);
  }

  close(): void {
    clearInterval(this.sweeper);
    this.open.clear();
  }
}

function takeBatch(docs: ResultDoc[], from: number, count: number): { batch: ResultDoc[]; end: number } {
  const batch: ResultDoc[] = [];
  let bytes = 0;
  let i = from;
  while (i < docs.length && batch.length < count) {
    const d = docs[i];
    const size = d instanceof RawDoc ? d.bytes.byteLength : bsonSize(d);
    if (batch.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
    batch.push(docs[i]);
    bytes += size;
    i++;
  }
  return { batch, end: i };
}
