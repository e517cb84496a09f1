// Durability: an append-only journal of checksummed records plus an atomically replaced snapshot.
//
// Record framing (journal and snapshot alike): u32 LE payload length, u32 LE crc32(payload), payload = BSON
// { ops: [...] }. A write is acknowledged only after its record is written and fdatasync'd. Records that arrive
// while an fsync is in flight are written together by the next one (group commit).
//
// On open: load the snapshot (must be complete: it is only ever renamed into place after an fsync), replay the
// journal, and cut it at the first torn or corrupt record (a kill -9 mid-write leaves at most the unacknowledged
// tail there). Ops are idempotent, so replaying journal records already folded into the snapshot (a kill between
// the snapshot rename and the journal truncation) yields the same state.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { bsonSize, decode, encode } from './bsonutil';
import { crc32 } from './crc32';
import { Op, Store } from './store';

export const JOURNAL_FILE = 'journal.skq';
export const SNAPSHOT_FILE = 'snapshot.skq';
const HEADER = 8;
const MAX_RECORD = 128 * 1024 * 1024; // a 48 MB insert batch is one record

export interface JournalOptions {
  fsync: boolean;
  /** compact once the journal exceeds this many bytes and is larger than the last snapshot */
  compactBytes: number;
  log: (msg: string) => void;
  /** test hook: called at each durable step of a compaction, when the files are as a kill there would leave them */
  onCompactStep?: (step: CompactStep) => void;
}

export type CompactStep = 'snapshot-written' | 'renamed' | 'journal-truncated';

export function frame(payload: Uint8Array): Buffer {
  const head = Buffer.alloc(HEADER);
  head.writeUInt32LE(payload.length, 0);
  head.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([head, payload]);
}

/** Valid records of a framed file and the byte offset where validity ends. */
export function readRecords(buf: Buffer): { records: Op[][]; validBytes: number } {
  const records: Op[][] = [];
  let off = 0;
  while (off + HEADER <= buf.length) {
    const len = buf.readUInt32LE(off);
    const sum = buf.readUInt32LE(off + 4);
    if (len < 5 || len > MAX_RECORD || off + HEADER + len > buf.length) break;
    const payload = buf.subarray(off + HEADER, off + HEADER + len);
    if (crc32(payload) !== sum) break;
    let doc;
    try {
      doc = decode(payload);
    } catch {
      break;
    }
    records.push(Array.isArray(doc.ops) ? (doc.ops as Op[]) : []);
    off += HEADER + len;
  }
  return { records, validBytes: off };
}

interface Pending {
  buf: Buffer;
  resolve: () => void;
  reject: (e: Error) => void;
}

export class Journal {
  private fh!: fsp.FileHandle;
  private size = 0;
  private snapshotBytes = 0;
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly store: Store,
    private readonly opts: JournalOptions,
  ) {}

  /** Load dbpath into `store` and open the journal for appending. */
  static async open(dir: string, store: Store, opts: JournalOptions): Promise<Journal> {
    const j = new Journal(dir, store, opts);
    await j.recover();
    return j;
  }

  private async recover(): Promise<void> {
    const snapPath = path.join(this.dir, SNAPSHOT_FILE);
    await fsp.rm(snapPath + '.tmp', { force: true });
    if (fs.existsSync(snapPath)) {
      const buf = await fsp.readFile(snapPath);
      const { records, validBytes } = readRecords(buf);
      const last = records[records.length - 1];
      if (validBytes !== buf.length || !last || last.length !== 1 || (last[0] as any).o !== 'end')
        throw new Error(
          `skillquiz-mongo: snapshot ${snapPath} is damaged (valid up to byte ${validBytes} of ${buf.length}); refusing to start`,
        );
      for (const ops of records)
        for (const op of ops) if ((op as any).o !== 'end') this.store.apply(op, false);
      this.snapshotBytes = buf.length;
    }
    const jPath = path.join(this.dir, JOURNAL_FILE);
    if (fs.existsSync(jPath)) {
      const buf = await fsp.readFile(jPath);
      const { records, validBytes } = readRecords(buf);
      for (const ops of records) for (const op of ops) this.store.apply(op, false);
      if (validBytes < buf.length) {
        this.opts.log(
          `journal: ignoring ${buf.length - validBytes} bytes of torn/corrupt tail after ${records.length} records`,
        );
        await fsp.truncate(jPath, validBytes);
      }
      this.size = validBytes;
    }
    this.fh = await fsp.open(jPath, 'a');
    await this.fh.sync();
    await syncDir(this.dir);
  }

  get failed(): Error | null {
    return this.failure;
  }

  /** Resolves once the ops are durable (or written, with fsync off). */
  append(ops: Op[]): Promise<void> {
    if (ops.length === 0) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('journal is closed'));
    const buf = frame(encode({ ops }));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ buf, resolve, reject });
      if (!this.flushing) this.flushing = this.flushLoop().finally(() => (this.flushing = null));
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length) {
      if (this.size > this.opts.compactBytes && this.size > this.snapshotBytes) {
        await this.guard(this.queue.splice(0), () => this.compact());
        continue;
      }
      const batch = this.queue.splice(0);
      const data = batch.length === 1 ? batch[0].buf : Buffer.concat(batch.map((p) => p.buf));
      await this.guard(batch, async () => {
        await writeAll(this.fh, data);
        if (this.opts.fsync) await this.fh.datasync();
        this.size += data.length;
      });
    }
  }

  /** Run a durability step for `batch`; a failure poisons the journal (later writes would follow a gap). */
  private async guard(batch: Pending[], step: () => Promise<void>): Promise<void> {
    try {
      await step();
      for (const p of batch) p.resolve();
    } catch (e) {
      this.failure = new Error(
        `skillquiz-mongo: journal write failed, the engine is now read-only: ${(e as Error).message}`,
      );
      this.opts.log(this.failure.message);
      for (const p of batch) p.reject(this.failure);
    }
  }

  /**
   * Fold everything into a new snapshot. Called between flushes with the not-yet-written records taken off the
   * queue: their effects are already in memory, so the snapshot covers them and they are acknowledged with it.
   */
  private async compact(): Promise<void> {
    const started = Date.now();
    const chunks: Buffer[] = [];
    let batch: Op[] = [];
    let batchBytes = 0;
    for (const op of this.store.snapshotOps()) {
      batch.push(op);
      batchBytes += bsonSize(op);
      if (batch.length >= 2000 || batchBytes > 4 * 1024 * 1024) {
        chunks.push(frame(encode({ ops: batch })));
        batch = [];
        batchBytes = 0;
      }
    }
    if (batch.length) chunks.push(frame(encode({ ops: batch })));
    chunks.push(frame(encode({ ops: [{ o: 'end' }] })));
    const data = Buffer.concat(chunks);
    const snapPath = path.join(this.dir, SNAPSHOT_FILE);
    const tmp = await fsp.open(snapPath + '.tmp', 'w');
    try {
      await writeAll(tmp, data);
      await tmp.sync();
    } finally {
      await tmp.close();
    }
    this.opts.onCompactStep?.('snapshot-written');
    await fsp.rename(snapPath + '.tmp', snapPath);
    await syncDir(this.dir);
    this.opts.onCompactStep?.('renamed');
    // From here the snapshot alone holds every acknowledged write; the old journal is redundant.
    await this.fh.truncate(0);
    await this.fh.sync();
    this.opts.onCompactStep?.('journal-truncated');
    this.opts.log(
      `journal: compacted ${this.size} journal bytes into a ${data.length}-byte snapshot in ${Date.now() - started} ms`,
    );
    this.size = 0;
    this.snapshotBytes = data.length;
  }

  /** Force a compaction now (tests, admin). */
  async compactNow(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = (async () => {
      await this.guard(this.queue.splice(0), () => this.compact());
      await this.flushLoop();
    })().finally(() => (this.flushing = null));
    await this.flushing;
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.closed = true;
    await this.fh.close();
  }
}

async function writeAll(fh: fsp.FileHandle, data: Buffer): Promise<void> {
  let off = 0;
  while (off < data.length) {
    const { bytesWritten } = await fh.write(data, off, data.length - off);
    off += bytesWritten;
  }
}

async function syncDir(dir: string): Promise<void> {
  let d: fsp.FileHandle | undefined;
  try {
    d = await fsp.open(dir, 'r');
    await d.sync();
  } catch {
    /* some filesystems refuse directory fsync; the rename is still atomic */
  } finally {
    await d?.close();
  }
}
