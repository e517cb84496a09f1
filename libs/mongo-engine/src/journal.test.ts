import { crc32 } from './crc32';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { decode, encode } from './bsonutil';
import { forEachRecord, frame, readRecords } from './journal';

describe('journal framing', () => {
  const rec = (n: number) => frame(encode({ ops: [{ o: 'put', db: 'd', c: 'c', d: { _id: n } }] }));

  it('reads back every complete record', () => {
    const buf = Buffer.concat([rec(1), rec(2), rec(3)]);
    const { records, validBytes } = readRecords(buf);
    expect(records.map((ops) => (ops[0] as any).d._id)).toEqual([1, 2, 3]);
    expect(validBytes).toBe(buf.length);
  });

  it('stops at a torn last record (short payload)', () => {
    const full = Buffer.concat([rec(1), rec(2)]);
    const torn = full.subarray(0, full.length - 3);
    const { records, validBytes } = readRecords(torn);
    expect(records).toHaveLength(1);
    expect(validBytes).toBe(rec(1).length);
  });

  it('stops at a record whose checksum does not match', () => {
    const bad = Buffer.concat([rec(1), rec(2)]);
    bad[bad.length - 2] ^= 0xff;
    expect(readRecords(bad).records).toHaveLength(1);
  });

  it('stops at an impossible length or a lone partial header', () => {
    expect(
      readRecords(Buffer.concat([rec(1), Buffer.from([0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0])])).records,
    ).toHaveLength(1);
    expect(readRecords(Buffer.concat([rec(1), Buffer.from([1, 2, 3])])).validBytes).toBe(rec(1).length);
  });

  it('computes the standard CRC-32', () => {
    const data = Buffer.from('123456789');
    expect(crc32(data)).toBe(0xcbf43926);
  });
});

describe('reading a framed file in chunks', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-records-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('hands out every record across chunk boundaries, and never overwrites a chunk the reader kept', () => {
    // records of varying sizes, some larger than a chunk
    const payloads = Array.from({ length: 60 }, (_, i) => encode({ i, pad: 'p'.repeat((i * 37) % 300) }));
    const file = path.join(dir, 'records');
    fs.writeFileSync(file, Buffer.concat([...payloads.map((p) => frame(p)), Buffer.from([1, 2, 3])]));
    const seen: number[] = [];
    const kept: { i: number; view: Buffer }[] = [];
    const { validBytes, size } = forEachRecord(
      file,
      (payload, chunk, at) => {
        expect(chunk.subarray(at, at + payload.length).equals(payload)).toBe(true);
        const { i } = decode(payload) as { i: number };
        seen.push(i);
        if (i % 3) return false;
        kept.push({ i, view: payload });
        return true;
      },
      256,
    );
    expect(size - validBytes).toBe(3);
    expect(seen).toEqual(payloads.map((_, i) => i));
    // the records in a kept chunk still hold their bytes after the whole file was read
    expect(kept).toHaveLength(20);
    for (const { i, view } of kept) expect(view.equals(payloads[i])).toBe(true);
  });
});
