// Robustness at the byte level: malformed frames and BSON never crash the server or disturb other connections.
import * as net from 'node:net';
import { BSON } from 'bson';
import { MongoClient } from 'mongodb';
import { EXTERNAL_URI, hostPort, useDriverTarget } from './target';

const t = useDriverTarget();

interface RawResult {
  data: Buffer;
  closed: boolean;
}

/**
 * Send bytes on a fresh socket; collect what comes back until the server closes it, `complete`
 * says the reply is all there, or `waitMs` passes.
 */
function raw(bytes: Buffer, waitMs = 500, complete?: (data: Buffer) => boolean): Promise<RawResult> {
  const { host, port } = hostPort(t.target.uri);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const s = net.connect(port, host, () => s.write(bytes));
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      s.destroy();
      resolve({ data: Buffer.concat(chunks), closed });
    };
    s.on('data', (d) => {
      chunks.push(d);
      if (complete?.(Buffer.concat(chunks))) finish(false);
    });
    s.on('close', () => finish(true));
    s.on('error', () => finish(true));
    setTimeout(() => finish(false), waitMs);
  });
}

function header(length: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function opMsg(doc: Record<string, unknown>, requestId = 1, flags = 0): Buffer {
  const body = BSON.serialize(doc);
  const rest = Buffer.concat([Buffer.alloc(4), Buffer.from([0]), body]);
  rest.writeUInt32LE(flags, 0);
  return Buffer.concat([header(16 + rest.length, requestId, 2013), rest]);
}

function replyDoc(data: Buffer): Record<string, unknown> {
  const opCode = data.readInt32LE(12);
  const off = opCode === 1 ? 36 : 21;
  const size = data.readInt32LE(off);
  return BSON.deserialize(data.subarray(off, off + size));
}

async function stillServes(): Promise<void> {
  const fresh = await MongoClient.connect(t.target.uri, { serverSelectionTimeoutMS: 5000 });
  try {
    expect(await fresh.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
  } finally {
    await fresh.close();
  }
  expect(await t.client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
}

describe('wire protocol', () => {
  it('answers a legacy OP_QUERY isMaster with an OP_REPLY', async () => {
    const q = BSON.serialize({ isMaster: 1 });
    const ns = Buffer.from('admin.$cmd\0');
    const rest = Buffer.concat([Buffer.alloc(4), ns, Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), q]);
    const { data } = await raw(Buffer.concat([header(16 + rest.length, 7, 2004), rest]));
    expect(data.readInt32LE(8)).toBe(7); // responseTo
    expect(data.readInt32LE(12)).toBe(1); // OP_REPLY
    const doc = replyDoc(data);
    expect(doc).toMatchObject({ ok: 1, ismaster: true });
    expect(doc.maxWireVersion).toBeGreaterThanOrEqual(9);
  });

  it('answers OP_MSG and sends nothing back for moreToCome', async () => {
    const { data } = await raw(opMsg({ ping: 1, $db: 'admin' }, 9));
    expect(data.readInt32LE(8)).toBe(9);
    expect(replyDoc(data)).toMatchObject({ ok: 1 });
    // moreToCome (flag 2) then a plain ping on the same connection: replies come in order, so once
    // the plain one's reply is here, a reply to the first would have come before it.
    const oneMessage = (d: Buffer) => d.length >= 4 && d.length >= d.readInt32LE(0);
    const both = await raw(
      Buffer.concat([opMsg({ ping: 1, $db: 'admin' }, 10, 2), opMsg({ ping: 1, $db: 'admin' }, 12)]),
      5000,
      oneMessage,
    );
    expect(both.data.length).toBe(both.data.readInt32LE(0)); // exactly one reply...
    expect(both.data.readInt32LE(8)).toBe(12); // ...and it answers the plain ping
  });

  it('accepts kind-1 document sequences and a checksum trailer', async () => {
    const coll = `seq_${Date.now()}`;
    const body = BSON.serialize({ insert: coll, $db: t.target.dbName });
    const docs = Buffer.concat([BSON.serialize({ _id: 1, v: 'a' }), BSON.serialize({ _id: 2, v: 'b' })]);
    const ident = Buffer.from('documents\0');
    const seqSize = Buffer.alloc(4);
    seqSize.writeInt32LE(4 + ident.length + docs.length);
    const flags = Buffer.alloc(4);
    flags.writeUInt32LE(1); // checksumPresent
    const rest = Buffer.concat([
      flags,
      Buffer.from([0]),
      body,
      Buffer.from([1]),
      seqSize,
      ident,
      docs,
      Buffer.alloc(4),
    ]);
    const { data } = await raw(Buffer.concat([header(16 + rest.length, 21, 2013), rest]));
    if (EXTERNAL_URI) return; // a real server verifies the (zero) checksum and refuses
    expect(replyDoc(data)).toMatchObject({ ok: 1, n: 2 });
    expect(await t.client.db(t.target.dbName).collection(coll).find().toArray()).toEqual([
      { _id: 1, v: 'a' },
      { _id: 2, v: 'b' },
    ]);
  });

  it('refuses documents nested deeper than 100 levels', async () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 150; i++) deep = { d: deep };
    const err = await t.client
      .db(t.target.dbName)
      .collection('deep')
      .insertOne(deep)
      .catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(await t.client.db(t.target.dbName).collection('deep').countDocuments()).toBe(0);
  });

  it('drops a connection that declares an impossible length, with an error reply when it can', async () => {
    const r = await raw(header(0x7fffffff, 3, 2013), 1000);
    expect(r.closed).toBe(true);
    if (!EXTERNAL_URI) expect(String(replyDoc(r.data).errmsg)).toMatch(/invalid message length/);
    const tiny = await raw(Buffer.from([3, 0, 0, 0]), 1000);
    expect(tiny.closed).toBe(true);
    await stillServes();
  });

  it('rejects truncated or corrupt BSON without crashing', async () => {
    const good = opMsg({ ping: 1, $db: 'admin' }, 11);
    const corrupt = Buffer.from(good);
    corrupt.writeInt32LE(1000, 21); // the body claims to be longer than the message
    const r1 = await raw(corrupt, 500);
    if (!EXTERNAL_URI) expect(replyDoc(r1.data)).toMatchObject({ ok: 0 });
    const garbage = Buffer.concat([header(16 + 40, 12, 2013), Buffer.alloc(40, 0xab)]);
    await raw(garbage, 500);
    const unknownOp = Buffer.concat([header(20, 13, 4242), Buffer.alloc(4)]);
    const r3 = await raw(unknownOp, 500);
    if (!EXTERNAL_URI) expect(String(replyDoc(r3.data).errmsg)).toMatch(/opCode/);
    await stillServes();
  });

  it('survives random bytes on many connections at once', async () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const junk = Array.from({ length: 20 }, (_, i) => {
      const b = Buffer.alloc(16 + Math.floor(rnd() * 200));
      for (let j = 0; j < b.length; j++) b[j] = Math.floor(rnd() * 256);
      if (i % 2) b.writeInt32LE(b.length, 0); // plausible length, junk body
      return b;
    });
    await Promise.all(junk.map((b) => raw(b, 300)));
    await stillServes();
  });

  it('a half-sent message on one connection does not block others', async () => {
    const { host, port } = hostPort(t.target.uri);
    const s = net.connect(port, host);
    await new Promise((r) => s.once('connect', r));
    s.write(opMsg({ ping: 1, $db: 'admin' }).subarray(0, 20));
    await stillServes();
    s.destroy();
  });
});
