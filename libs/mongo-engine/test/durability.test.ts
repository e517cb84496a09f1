// Engine-only: the bin as a child process, killed with SIGKILL under load, must come back with every
// acknowledged write; compaction, torn journal tails and the dbpath lock are exercised on real files.
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { EngineOptions, RunningEngine, startEngine } from '../src';
import { JOURNAL_FILE, SNAPSHOT_FILE, frame } from '../src/journal';
import { encode } from '../src/bsonutil';
import { describeEngine, tempDir, TestDoc } from './target';

const BIN = path.join(__dirname, '..', 'bin', 'skillquiz-mongo.js');

interface Child {
  proc: ChildProcess;
  uri: string;
}

function spawnEngine(dbpath: string, extra: string[] = []): Promise<Child> {
  if (!fs.existsSync(path.join(__dirname, '..', 'dist', 'index.js')))
    throw new Error('build first: npx tsc -b libs/mongo-engine');
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [BIN, '--port', '0', '--dbpath', dbpath, ...extra], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`engine did not start: ${err}`)), 10_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /skillquiz-mongo listening on ([^\s:]+):(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, uri: `mongodb://${m[1]}:${m[2]}` });
      }
    });
    proc.stderr!.on('data', (d) => (err += d));
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`engine exited with ${code}: ${err}`));
    });
  });
}

function kill9(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) return resolve();
    child.proc.once('exit', () => resolve());
    child.proc.kill('SIGKILL');
  });
}

// Everything a test opens is closed in afterAll even when an assertion fails midway (else jest never exits).
const openClients: MongoClient[] = [];
const openEngines: RunningEngine[] = [];

async function connect(uri: string): Promise<MongoClient> {
  const c = await MongoClient.connect(uri, {
    serverSelectionTimeoutMS: 5000,
    retryWrites: false,
    maxPoolSize: 8,
  });
  openClients.push(c);
  return c;
}

async function engineAt(options: EngineOptions): Promise<RunningEngine> {
  const e = await startEngine({ log: () => {}, ...options });
  openEngines.push(e);
  return e;
}

describeEngine('durability of the embedded engine', () => {
  const dirs: string[] = [];
  const children: Child[] = [];
  const fresh = () => {
    const d = tempDir('sq-dur-');
    dirs.push(d);
    return d;
  };

  afterAll(async () => {
    for (const c of openClients) await c.close(true).catch(() => {});
    for (const e of openEngines) await e.stop().catch(() => {});
    for (const c of children) await kill9(c);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps every acknowledged insert across SIGKILL and restart', async () => {
    const dbpath = fresh();
    const first = await spawnEngine(dbpath);
    children.push(first);
    const client = await connect(first.uri);
    const coll = client.db('dur').collection<TestDoc>('events');
    await coll.createIndex({ key: 1 }, { unique: true });
    const acked: number[] = [];
    let next = 0;
    let stop = false;
    // several concurrent writers, singles and batches, so group commit is under load when the kill lands
    const writer = async (batch: number) => {
      while (!stop) {
        const ids = Array.from({ length: batch }, () => next++);
        try {
          if (batch === 1) await coll.insertOne({ _id: ids[0], key: `k${ids[0]}`, payload: 'x'.repeat(200) });
          else await coll.insertMany(ids.map((id) => ({ _id: id, key: `k${id}`, payload: 'y'.repeat(200) })));
          acked.push(...ids);
        } catch {
          return; // the engine is gone
        }
      }
    };
    const writers = [writer(1), writer(1), writer(1), writer(10), writer(50)];
    await new Promise((r) => setTimeout(r, 1500));
    await kill9(first);
    stop = true;
    await Promise.all(writers);
    await client.close(true).catch(() => {});
    expect(acked.length).toBeGreaterThan(50);

    const second = await spawnEngine(dbpath);
    children.push(second);
    const client2 = await connect(second.uri);
    const coll2 = client2.db('dur').collection<TestDoc>('events');
    const present = new Set(
      (await coll2.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id as unknown as number),
    );
    const lost = acked.filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    // the unique index came back too
    const dup = await coll2.insertOne({ key: `k${acked[0]}` }).catch((e) => e);
    expect(dup.code).toBe(11000);
    await client2.close();
    second.proc.kill('SIGTERM');
    await new Promise((r) => second.proc.once('exit', r));
    expect(fs.existsSync(path.join(dbpath, 'skillquiz-mongo.lock'))).toBe(false);
  }, 60_000);

  it('runs the bin with the engine V8 flags and allocator settings, under the pid it was started as', async () => {
    const child = await spawnEngine(fresh());
    children.push(child);
    const cmdline = `/proc/${child.proc.pid}/cmdline`;
    if (!fs.existsSync(cmdline)) return; // no /proc: nothing to look at
    const args = fs.readFileSync(cmdline, 'utf8').split('\0');
    expect(args).toContain('--max-semi-space-size=16'); // bin/node-flags.js
    expect(args).toContain(BIN);
    expect(args.filter((a) => a === '--max-semi-space-size=16')).toHaveLength(1);
    const environ = fs.readFileSync(`/proc/${child.proc.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=1048576'); // bin/node-flags.js env
  });

  it('survives repeated kills with compaction running, for inserts, updates and deletes', async () => {
    const dbpath = fresh();
    const expected = new Map<number, number>(); // _id -> v, from acknowledged writes only
    const unsure = new Set<number>(); // writes in flight at the kill may or may not have landed
    for (let round = 0; round < 3; round++) {
      const child = await spawnEngine(dbpath, ['--compact-bytes', '20000']);
      children.push(child);
      const client = await connect(child.uri);
      const coll = client.db('dur').collection<TestDoc>('state');
      const stored = new Map(
        (await coll.find({}).toArray()).map((d) => [d._id as unknown as number, d.v as number]),
      );
      for (const [id, v] of expected) if (!unsure.has(id)) expect([id, stored.get(id)]).toEqual([id, v]);
      for (const id of stored.keys())
        if (!expected.has(id) && !unsure.has(id)) throw new Error(`unexpected document ${id}`);
      for (const id of unsure) {
        if (stored.has(id)) expected.set(id, stored.get(id)!);
        else expected.delete(id);
      }
      unsure.clear();
      let stop = false;
      const worker = async (w: number) => {
        // each worker owns its ids, so acknowledgements of one id arrive in the order they were applied
        for (let op = 0; !stop; op++) {
          const id = w * 1000 + ((op * 7) % 75);
          const kind = op % 5;
          unsure.add(id);
          try {
            if (kind === 4) {
              await coll.deleteOne({ _id: id });
              expected.delete(id);
            } else {
              const r = await coll.findOneAndUpdate(
                { _id: id },
                { $inc: { v: 1 }, $set: { pad: 'p'.repeat(300) } },
                { upsert: true, returnDocument: 'after' },
              );
              expected.set(id, r!.v);
            }
            unsure.delete(id);
          } catch {
            return;
          }
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      await new Promise((r) => setTimeout(r, 800 + round * 300));
      await kill9(child);
      stop = true;
      await Promise.all(workers);
      await client.close(true).catch(() => {});
    }
    expect(fs.existsSync(path.join(dbpath, SNAPSHOT_FILE))).toBe(true);
  }, 60_000);

  it('ignores a torn journal tail and keeps appending after it', async () => {
    const dbpath = fresh();
    let engine = await engineAt({ dbpath });
    let client = await connect(engine.uri);
    await client
      .db('t')
      .collection<TestDoc>('c')
      .insertMany([{ _id: 1 }, { _id: 2 }]);
    await client.close();
    await engine.stop();
    // a record header promising more bytes than follow, as a kill mid-write leaves it
    fs.appendFileSync(path.join(dbpath, JOURNAL_FILE), Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7]));
    engine = await engineAt({ dbpath });
    client = await connect(engine.uri);
    expect(await client.db('t').collection<TestDoc>('c').countDocuments()).toBe(2);
    await client.db('t').collection<TestDoc>('c').insertOne({ _id: 3 });
    await client.close();
    await engine.stop();
    engine = await engineAt({ dbpath });
    client = await connect(engine.uri);
    expect((await client.db('t').collection<TestDoc>('c').find().toArray()).map((d) => d._id)).toEqual([
      1, 2, 3,
    ]);
    await client.close();
    await engine.stop();
  });

  it('restarts from a compacted snapshot', async () => {
    const dbpath = fresh();
    let engine = await engineAt({ dbpath, compactBytes: 10_000 });
    let client = await connect(engine.uri);
    const c = client.db('snap').collection<TestDoc>('docs');
    await c.createIndex({ email: 1 }, { unique: true });
    for (let i = 0; i < 200; i++) await c.insertOne({ _id: i, email: `u${i}@x`, v: 0 });
    await c.updateMany({ _id: { $lt: 50 } }, { $set: { v: 1 } });
    await c.deleteMany({ _id: { $gte: 150 } });
    await engine.compact();
    await c.insertOne({ _id: 1000, email: 'after@x', v: 2 });
    await client.close();
    await engine.stop();
    expect(fs.statSync(path.join(dbpath, SNAPSHOT_FILE)).size).toBeGreaterThan(0);
    expect(fs.statSync(path.join(dbpath, JOURNAL_FILE)).size).toBeLessThan(10_000);

    engine = await engineAt({ dbpath });
    client = await connect(engine.uri);
    const c2 = client.db('snap').collection<TestDoc>('docs');
    expect(await c2.countDocuments()).toBe(151);
    expect(await c2.countDocuments({ v: 1 })).toBe(50);
    expect((await c2.findOne({ _id: 1000 }))!.email).toBe('after@x');
    expect((await c2.insertOne({ email: 'u3@x' }).catch((e) => e)).code).toBe(11000);
    await client.close();
    await engine.stop();
  });

  it('reopens with every acknowledged write from a kill at any step of a compaction', async () => {
    const dbpath = fresh();
    const images = new Map<string, string>();
    // the files as they are at each step are exactly what a kill -9 there would leave (the page cache survives it)
    const capture = (step: string) => {
      const img = fresh();
      for (const f of fs.readdirSync(dbpath))
        if (!f.endsWith('.lock')) fs.copyFileSync(path.join(dbpath, f), path.join(img, f));
      images.set(step, img);
    };
    const engine = await engineAt({ dbpath, compactBytes: Number.MAX_SAFE_INTEGER, onCompactStep: capture });
    const client = await connect(engine.uri);
    const c = client.db('cmp').collection<TestDoc>('docs');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: i, email: `u${i}@x`, v: 0 })));
    await c.updateMany({ _id: { $lt: 100 } }, { $inc: { v: 1 } });
    await c.deleteMany({ _id: { $gte: 250 } });
    await c.findOneAndUpdate({ _id: 7 }, { $set: { v: 70 } });
    const expected = await c.find({}).sort({ _id: 1 }).toArray();
    // writes racing with the compaction: acknowledged or not, they must not disturb the rest
    const racing = Array.from({ length: 20 }, (_, i) =>
      c.insertOne({ _id: `race${i}`, email: `r${i}@x` }).catch(() => null),
    );
    await engine.compact();
    await Promise.all(racing);
    await client.close();
    await engine.stop();
    expect([...images.keys()]).toEqual(['snapshot-written', 'renamed', 'journal-truncated']);

    for (const [step, img] of images) {
      const reopened = await engineAt({ dbpath: img });
      const rc = await connect(reopened.uri);
      const docs = rc.db('cmp').collection<TestDoc>('docs');
      const got = await docs
        .find({ _id: { $not: { $type: 'string' } } })
        .sort({ _id: 1 })
        .toArray();
      expect([step, got]).toEqual([step, expected]);
      expect([step, (await docs.insertOne({ email: 'u1@x' }).catch((e) => e)).code]).toEqual([step, 11000]);
      await rc.close();
      await reopened.stop();
    }
  });

  it('opens a data dir written by the previous version (snapshot v1, journal without an id) and moves it on', async () => {
    const dbpath = fresh();
    const rec = (ops: object[]) => frame(encode({ ops }));
    const ns = { db: 'old', c: 'users' };
    // what the previous version wrote: a snapshot of whole-state ops ending in 'end', a journal of idempotent ops
    fs.writeFileSync(
      path.join(dbpath, SNAPSHOT_FILE),
      Buffer.concat([
        rec([
          { o: 'cc', ...ns, opts: {} },
          { o: 'ci', ...ns, spec: { v: 2, key: { email: 1 }, name: 'email_1', unique: true } },
          ...[1, 2, 3].map((i) => ({ o: 'put', ...ns, d: { _id: i, email: `u${i}@x`, v: 0 } })),
        ]),
        rec([{ o: 'end' }]),
      ]),
    );
    fs.writeFileSync(
      path.join(dbpath, JOURNAL_FILE),
      Buffer.concat([
        rec([{ o: 'put', ...ns, d: { _id: 4, email: 'u4@x', v: 0 } }]),
        rec([{ o: 'put', ...ns, d: { _id: 1, email: 'u1@x', v: 9 } }]),
        rec([{ o: 'del', ...ns, id: 2 }]),
      ]),
    );
    const expected = [
      { _id: 1, email: 'u1@x', v: 9 },
      { _id: 3, email: 'u3@x', v: 0 },
      { _id: 4, email: 'u4@x', v: 0 },
    ];
    for (const step of ['as written', 'after a compaction', 'reopened']) {
      const engine = await engineAt({ dbpath });
      const client = await connect(engine.uri);
      const users = client.db('old').collection<TestDoc>('users');
      expect([step, await users.find().sort({ _id: 1 }).toArray()]).toEqual([step, expected]);
      expect([step, (await users.insertOne({ email: 'u3@x' }).catch((e) => e)).code]).toEqual([step, 11000]);
      if (step === 'as written') await engine.compact();
      await client.close();
      await engine.stop();
    }
  });

  it('journals an update as what changed, not the whole document', async () => {
    const dbpath = fresh();
    const engine = await engineAt({ dbpath });
    const client = await connect(engine.uri);
    // The driver only accepts array operators on fields its schema declares as arrays.
    const c = client.db('j').collection<{
      _id: number;
      served: { n: number; snapshot: string }[];
      rev: number;
      log?: { at: number }[];
    }>('quiz');
    await c.insertOne({ _id: 1, served: [{ n: 1, snapshot: 'q'.repeat(100_000) }], rev: 0 });
    const before = fs.statSync(path.join(dbpath, JOURNAL_FILE)).size;
    await c.updateOne(
      { _id: 1, rev: 0 },
      { $set: { 'served.0.answered_at': new Date(), rev: 1 }, $push: { log: { at: 1 } } },
    );
    const grew = fs.statSync(path.join(dbpath, JOURNAL_FILE)).size - before;
    expect(grew).toBeGreaterThan(0);
    expect(grew).toBeLessThan(500);
    await client.close();
    await engine.stop();
    // and replay rebuilds the same document
    const again = await engineAt({ dbpath });
    const client2 = await connect(again.uri);
    const doc = await client2.db('j').collection<TestDoc>('quiz').findOne({ _id: 1 });
    expect(doc).toMatchObject({ rev: 1, log: [{ at: 1 }] });
    expect(doc!.served[0].answered_at).toBeInstanceOf(Date);
    expect(doc!.served[0].snapshot).toHaveLength(100_000);
    await client2.close();
    await again.stop();
  });

  it('refuses a second engine on the same dbpath', async () => {
    const dbpath = fresh();
    const engine = await engineAt({ dbpath });
    await expect(engineAt({ dbpath })).rejects.toThrow(/in use|locked/);
    const child = spawnEngine(dbpath);
    await expect(child).rejects.toThrow(/locked/);
    await engine.stop();
  });
});
