// Durability: an append-only journal of checksummed records plus a snapshot rewritten in the background.
//
// Record framing (journal and snapshot alike): u32 LE payload length, u32 LE crc32(payload), BSON payload.
// Journal payloads are { ops: [...] }; a journal file starts with a record naming it ({ ops: [{ o: 'jid', id }] }).
// A write is acknowledged only after its record is written and fdatasync'd. Records that arrive while an fsync is
// in flight are written together by the next one (group commit).
//
// Compaction never stops writes for the whole rewrite. It captures, in one synchronous step, every collection's
// document list (documents are immutable: updates replace them) and the journal position `mark` that the
// capture covers (every record appended so far, written or still queued). It then encodes the capture in slices,
// yielding to the event loop between them, into snapshot.skq.tmp, while writes keep appending to the journal. The
// snapshot names the journal and the mark; once it is fsync'd and renamed into place, the journal is replaced by
// its tail after `mark` (copied under a new journal id). On open: load the snapshot; if it names the journal on
// disk, replay that journal from `mark`, else (the tail swap happened) replay it all; cut the journal at the first
// torn or corrupt record (a kill -9 mid-write leaves at most the unacknowledged tail there).
//
// Snapshot format v2: { snap: 2, jid, mark }, then per collection { cc: { db, c, opts, ix } } followed by
// { d: [documents] } records, then { end: 1 }. Format v1 (earlier versions) is a list of { ops } records ending in
// { ops: [{ o: 'end' }] }, replayed over an old journal of idempotent ops; it is still read, and the next
// compaction writes v2.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as crypto from 'node:crypto';
import { Doc, decode, encode } from './bsonutil';
import { crc32 } from './crc32';
import { replayRecord } from './replay';
import { Collection, Op, Store } from './store';
import { DocsCapture, docsRecord } from './docstore';
import type { IndexSpec } from './indexes';

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

/**
 * Valid records of a framed file and the byte offset where validity ends. Records before byte `from` are
 * checked but not decoded (a snapshot already covers them).
 */
export function readRecords(buf: Buffer, from = 0): { records: Op[][]; validBytes: number } {
  const records: Op[][] = [];
  const validBytes = eachRecord(buf, from, (payload) => {
    let doc;
    try {
      doc = decode(payload);
    } catch {
      return false;
    }
    records.push(Array.isArray(doc.ops) ? (doc.ops as Op[]) : []);
    return true;
  });
  return { records, validBytes };
}

/**
 * Calls `onRecord` with the payload of each whole, intact record of a journal held in `buf`, from byte `from`
 * on, one at a time (a million records are never all decoded at once); stops at the first torn or corrupt
 * record, or one `onRecord` cannot read (it returns false). Returns the bytes up to there.
 */
function eachRecord(buf: Buffer, from: number, onRecord: (payload: Buffer) => boolean): number {
  let off = 0;
  while (off + HEADER <= buf.length) {
    const len = buf.readUInt32LE(off);
    const sum = buf.readUInt32LE(off + 4);
    if (len < 5 || len > MAX_RECORD || off + HEADER + len > buf.length) break;
    const payload = buf.subarray(off + HEADER, off + HEADER + len);
    if (crc32(payload) !== sum) break;
    if (off >= from && !onRecord(payload)) break;
    off += HEADER + len;
  }
  return off;
}

/**
 * Calls `onRecord` with each record's payload of a framed file, read in chunks of CHUNK bytes (a snapshot can be large),
 * with the chunk and the payload's offset in it. When `onRecord` returns true it keeps the chunk (as a slab of
 * documents): the bytes read so far are then never written again, the next read goes to a new chunk.
 */
export function forEachRecord(
  file: string,
  onRecord: (payload: Buffer, chunk: Buffer, at: number) => boolean | void,
  CHUNK = 16 * 1024 * 1024,
): { validBytes: number; size: number } {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    let buf = Buffer.allocUnsafeSlow(Math.max(HEADER, Math.min(CHUNK, size)));
    let kept = false; // onRecord kept buf
    let have = 0; // bytes in buf
    let pos = 0; // file offset of buf[0]
    let off = 0; // next record in buf
    for (;;) {
      while (off + HEADER <= have) {
        const len = buf.readUInt32LE(off);
        if (len < 5 || len > MAX_RECORD) return { validBytes: pos + off, size };
        if (off + HEADER + len > have) break;
        const payload = buf.subarray(off + HEADER, off + HEADER + len);
        if (crc32(payload) !== buf.readUInt32LE(off + 4)) return { validBytes: pos + off, size };
        if (onRecord(payload, buf, off + HEADER)) kept = true;
        off += HEADER + len;
      }
      // bytes the partial record at `off` needs in all
      const need = off + HEADER <= have ? HEADER + buf.readUInt32LE(off) : HEADER;
      if (kept || need > buf.length) {
        // a new chunk starting with the partial record (a kept chunk is never written again)
        const next = Buffer.allocUnsafeSlow(Math.max(need, Math.min(CHUNK, size - pos - off)));
        buf.copy(next, 0, off, have);
        buf = next;
        kept = false;
        have -= off;
        pos += off;
        off = 0;
      } else if (off > 0) {
        // move the partial record to the front and read more
        buf.copy(buf, 0, off, have);
        have -= off;
        pos += off;
        off = 0;
      }
      const n = fs.readSync(fd, buf, have, buf.length - have, pos + have);
      if (n === 0) return { validBytes: pos + off, size };
      have += n;
    }
  } finally {
    fs.closeSync(fd);
  }
}

interface Pending {
  buf: Buffer;
  resolve: () => void;
  reject: (e: Error) => void;
}

/** What a compaction captured: each collection's definition and document list at one instant. */
interface CapturedCollection {
  db: string;
  c: string;
  opts: Doc;
  ix: IndexSpec[];
  /** the documents' BSON bytes (immutable: a write stores new bytes elsewhere, never edits them) */
  docs: DocsCapture;
}

/** Documents per snapshot record, and how long an encoding slice may hold the event loop. */
const DOCS_PER_RECORD = 1000;
const SLICE_MS = 8;

export class Journal {
  private fh!: fsp.FileHandle;
  private jid = '';
  /** bytes in the journal file */
  private size = 0;
  /** bytes of every record handed to append(), written or queued: the journal position memory reflects */
  private appended = 0;
  private snapshotBytes = 0;
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private compacting: Promise<void> | null = null;
  /** a failed compaction waits until the journal has grown this far before trying again */
  private retryCompactAt = 0;
  /** serialises use of the journal file between group commits and the tail swap */
  private fileLock: Promise<unknown> = Promise.resolve();
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

  private get journalPath(): string {
    return path.join(this.dir, JOURNAL_FILE);
  }

  private async recover(): Promise<void> {
    const snapPath = path.join(this.dir, SNAPSHOT_FILE);
    await fsp.rm(snapPath + '.tmp', { force: true });
    await fsp.rm(this.journalPath + '.tmp', { force: true });
    let covered: { jid: string; mark: number } | null = null;
    if (fs.existsSync(snapPath)) {
      covered = this.loadSnapshot(snapPath);
      this.snapshotBytes = fs.statSync(snapPath).size;
    }
    const buf = fs.existsSync(this.journalPath) ? await fsp.readFile(this.journalPath) : Buffer.alloc(0);
    const first = readRecords(buf.subarray(0, headerLength(buf))).records[0]?.[0];
    const fileJid: string = first?.o === 'jid' ? first.id : '';
    const from = covered && covered.jid === fileJid ? covered.mark : 0;
    // record by record; a document a record puts is stored from the record's bytes (replay.ts)
    const validBytes = eachRecord(buf, from, (payload) => replayRecord(payload, this.store));
    if (validBytes < buf.length)
      this.opts.log(
        `journal: ignoring ${buf.length - validBytes} bytes of torn/corrupt tail after byte ${validBytes}`,
      );
    if (from > 0 || buf.length === 0 || fileJid === '') {
      // The snapshot covers the journal up to `from` (or there is no journal yet, or it predates journal ids):
      // start a journal of our own holding only what follows.
      await this.replaceJournal(from < validBytes ? buf.subarray(from, validBytes) : Buffer.alloc(0));
    } else {
      if (validBytes < buf.length) await fsp.truncate(this.journalPath, validBytes);
      this.jid = fileJid;
      this.size = this.appended = validBytes;
      this.fh = await fsp.open(this.journalPath, 'a+');
      await this.fh.sync();
      await syncDir(this.dir);
    }
  }

  /** Load a snapshot file into the store; returns the journal position it covers (v2) or null (v1). */
  private loadSnapshot(snapPath: string): { jid: string; mark: number } | null {
    let covered: { jid: string; mark: number } | null = null;
    let version = 0;
    let ended = false;
    let coll: Collection | undefined;
    const { validBytes, size } = forEachRecord(snapPath, (payload, chunk, at) => {
      if (version === 2 && isDocsRecord(payload)) {
        // the documents stay where they were read: the chunk becomes a slab of the collection
        coll!.loadDocs(chunk, at + 7);
        return true;
      }
      const rec = decode(payload);
      if (version === 0) {
        version = rec.snap === 2 ? 2 : 1;
        if (version === 2) {
          covered = { jid: String(rec.jid), mark: Number(rec.mark) };
          return;
        }
      }
      if (version === 1) {
        // v1: { ops } records, the last one { o: 'end' }
        for (const op of (rec.ops ?? []) as Op[])
          if (op.o === 'end') ended = true;
          else this.store.apply(op, false);
        return;
      }
      if (rec.cc) {
        const { db, c, opts, ix } = rec.cc as CapturedCollection;
        coll = this.store.ensureCollection(db, c, opts);
        for (const spec of ix) coll.addIndex(spec, false);
      } else if (rec.end) ended = true;
    });
    if (validBytes !== size || !ended)
      throw new Error(
        `skillquiz-mongo: snapshot ${snapPath} is damaged (valid up to byte ${validBytes} of ${size}); refusing to start`,
      );
    for (const colls of this.store.dbs.values()) for (const c of colls.values()) c.docs.settleAdopted();
    return covered;
  }

  /** Atomically make the journal a new file (new id) holding `records`, and append to it from now on. */
  private async replaceJournal(records: Buffer): Promise<void> {
    const { jid, tmp, head } = await this.newJournalFile();
    try {
      await writeAll(tmp, records);
      await tmp.sync();
    } catch (e) {
      await this.dropNewJournalFile(tmp);
      throw e;
    }
    await this.installJournal(jid, tmp, head.length + records.length);
  }

  /**
   * Replace the journal by what follows `mark`. Most of the tail is copied while writes go on (the file only
   * grows); only the last few records, the fsync and the rename happen with writes held.
   */
  private async swapTail(mark: number): Promise<void> {
    const { jid, tmp, head } = await this.newJournalFile();
    let copied = mark;
    const copyUpTo = async (end: number) => {
      const chunk = Buffer.alloc(end - copied);
      for (let got = 0; got < chunk.length;) {
        const { bytesRead } = await this.fh.read(chunk, got, chunk.length - got, copied + got);
        if (bytesRead === 0) throw new Error('journal shorter than its recorded size');
        got += bytesRead;
      }
      await writeAll(tmp, chunk);
      copied = end;
    };
    try {
      await copyUpTo(this.size);
      await tmp.sync();
    } catch (e) {
      await this.dropNewJournalFile(tmp);
      throw e;
    }
    await this.withFile(async () => {
      try {
        await copyUpTo(this.size);
        await tmp.sync();
      } catch (e) {
        // the old journal is intact and still named by the snapshot: keep appending to it
        await this.dropNewJournalFile(tmp);
        throw e;
      }
      await this.installJournal(jid, tmp, head.length + (copied - mark));
    });
  }

  private async newJournalFile(): Promise<{ jid: string; tmp: fsp.FileHandle; head: Buffer }> {
    const jid = crypto.randomBytes(8).toString('hex');
    const head = frame(encode({ ops: [{ o: 'jid', id: jid }] }));
    const tmp = await fsp.open(this.journalPath + '.tmp', 'w');
    try {
      await writeAll(tmp, head);
    } catch (e) {
      await this.dropNewJournalFile(tmp);
      throw e;
    }
    return { jid, tmp, head };
  }

  private async dropNewJournalFile(tmp: fsp.FileHandle): Promise<void> {
    await tmp.close().catch(() => {});
    await fsp.rm(this.journalPath + '.tmp', { force: true });
  }

  /** Rename the synced new journal file into place and append to it from now on. */
  private async installJournal(jid: string, tmp: fsp.FileHandle, size: number): Promise<void> {
    await tmp.close();
    try {
      await fsp.rename(this.journalPath + '.tmp', this.journalPath);
      await syncDir(this.dir);
      const fh = await fsp.open(this.journalPath, 'a+');
      const old = this.fh;
      this.fh = fh;
      this.jid = jid;
      // records still queued (appended but not yet written) will follow in the new file
      const queued = this.appended - this.size;
      this.size = size;
      this.appended = this.size + queued;
      await old?.close();
    } catch (e) {
      // whether or not the rename happened, appending to the old file could now leave a gap
      this.poison(e as Error);
      throw e;
    }
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
    this.appended += buf.length;
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ buf, resolve, reject });
      if (!this.flushing) this.flushing = this.flushLoop().finally(() => (this.flushing = null));
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0);
      const data = batch.length === 1 ? batch[0].buf : Buffer.concat(batch.map((p) => p.buf));
      await this.guard(batch, () =>
        this.withFile(async () => {
          await writeAll(this.fh, data);
          if (this.opts.fsync) await this.fh.datasync();
          this.size += data.length;
        }),
      );
      if (this.shouldCompact()) this.startCompaction();
    }
  }

  private shouldCompact(): boolean {
    return (
      !this.compacting &&
      !this.closed &&
      !this.failure &&
      this.size > this.opts.compactBytes &&
      this.size > this.snapshotBytes &&
      this.size > this.retryCompactAt
    );
  }

  private startCompaction(): Promise<void> {
    this.compacting ??= this.compact()
      .catch((e: Error) => {
        if (this.closed) return;
        this.retryCompactAt = this.size + this.opts.compactBytes;
        this.opts.log(`journal: compaction failed, will retry later: ${e.message}`);
      })
      .finally(() => (this.compacting = null));
    return this.compacting;
  }

  /** Run `fn` with the journal file to itself (no group commit or tail swap in between). */
  private withFile<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.fileLock.then(fn);
    this.fileLock = run.catch(() => undefined);
    return run;
  }

  /** Run a durability step for `batch`; a failure poisons the journal (later writes would follow a gap). */
  private async guard(batch: Pending[], step: () => Promise<void>): Promise<void> {
    try {
      await step();
      for (const p of batch) p.resolve();
    } catch (e) {
      this.poison(e as Error);
      for (const p of batch) p.reject(this.failure!);
    }
  }

  private poison(e: Error): void {
    this.failure ??= new Error(
      `skillquiz-mongo: journal write failed, the engine is now read-only: ${e.message}`,
    );
    this.opts.log(this.failure.message);
  }

  /** The capture: one synchronous step, so it reflects exactly the records appended so far. */
  private capture(): { jid: string; mark: number; colls: CapturedCollection[] } {
    const colls: CapturedCollection[] = [];
    for (const [db, dbColls] of this.store.dbs)
      for (const [c, coll] of dbColls)
        colls.push({
          db,
          c,
          opts: coll.options,
          ix: coll.indexes.map((i) => i.spec),
          docs: coll.docs.capture(),
        });
    return { jid: this.jid, mark: this.appended, colls };
  }

  /** Write a new snapshot from a capture, in slices between which writes go on, then swap in the journal tail. */
  private async compact(): Promise<void> {
    const started = Date.now();
    const { jid, mark, colls } = this.capture();
    const snapPath = path.join(this.dir, SNAPSHOT_FILE);
    const tmp = await fsp.open(snapPath + '.tmp', 'w');
    let bytes = 0;
    let longestSlice = 0;
    try {
      let chunks: Buffer[] = [];
      let chunkBytes = 0;
      const put = async (rec: Doc | Buffer) => {
        const b = frame(Buffer.isBuffer(rec) ? rec : encode(rec));
        chunks.push(b);
        chunkBytes += b.length;
        if (chunkBytes >= 4 * 1024 * 1024) await flush();
      };
      const flush = async () => {
        const data = Buffer.concat(chunks);
        chunks = [];
        chunkBytes = 0;
        await writeAll(tmp, data);
        bytes += data.length;
        // Sync as we go: a journal fsync may have to flush every dirty page of the filesystem first
        // (ext4's ordered mode), and a snapshot's worth of them would stall acknowledgements.
        if (this.opts.fsync) await tmp.datasync();
      };
      await put({ snap: 2, jid, mark });
      let sliceStart = performance.now();
      for (const coll of colls) {
        await put({ cc: { db: coll.db, c: coll.c, opts: coll.opts, ix: coll.ix } });
        for (let i = 0; i < coll.docs.count; i += DOCS_PER_RECORD) {
          if (this.closed) throw new Error('engine stopping');
          const views: Uint8Array[] = [];
          for (let k = i; k < Math.min(coll.docs.count, i + DOCS_PER_RECORD); k++)
            views.push(coll.docs.bytes(k));
          await put(docsRecord(views));
          const spent = performance.now() - sliceStart;
          if (spent >= SLICE_MS) {
            longestSlice = Math.max(longestSlice, spent);
            await new Promise((r) => setImmediate(r));
            sliceStart = performance.now();
          }
        }
      }
      await put({ end: 1 });
      await flush();
      await tmp.sync();
    } catch (e) {
      await tmp.close().catch(() => {});
      await fsp.rm(snapPath + '.tmp', { force: true });
      throw e;
    }
    await tmp.close();
    this.opts.onCompactStep?.('snapshot-written');
    await fsp.rename(snapPath + '.tmp', snapPath);
    await syncDir(this.dir);
    this.opts.onCompactStep?.('renamed');
    this.snapshotBytes = bytes;
    // From here the snapshot holds everything up to `mark`; the journal keeps only what follows.
    const before = this.size;
    // the records the capture covers may still be queued behind an fsync: the tail starts after them
    while (this.size < mark) {
      if (this.failure) throw this.failure;
      await (this.flushing ?? new Promise((r) => setImmediate(r)));
    }
    await this.swapTail(mark);
    this.opts.onCompactStep?.('journal-truncated');
    this.opts.log(
      `journal: compacted ${before} journal bytes into a ${bytes}-byte snapshot in ${Date.now() - started} ms ` +
        `(longest slice ${longestSlice.toFixed(0)} ms)`,
    );
  }

  /** Force a compaction now and wait for it (tests, admin). */
  async compactNow(): Promise<void> {
    while (this.compacting) await this.compacting;
    let failure: Error | undefined;
    this.compacting = this.compact()
      .catch((e: Error) => void (failure = e))
      .finally(() => (this.compacting = null));
    await this.compacting;
    if (failure) throw failure;
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing || this.compacting) await (this.flushing ?? this.compacting);
    await this.fileLock;
    await this.fh.close();
  }
}

/** A `{ d: [...] }` record: its first element is the array named d. */
function isDocsRecord(payload: Buffer): boolean {
  return payload[4] === 0x04 && payload[5] === 0x64 && payload[6] === 0;
}

/** Length of the first record of a framed buffer (the journal's id record), or 0. */
function headerLength(buf: Buffer): number {
  if (buf.length < HEADER) return 0;
  const len = buf.readUInt32LE(0);
  return len <= MAX_RECORD && HEADER + len <= buf.length ? HEADER + len : 0;
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
