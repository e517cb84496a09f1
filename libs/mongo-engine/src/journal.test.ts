import { crc32 } from './crc32';
import { encode } from './bsonutil';
import { frame, readRecords } from './journal';

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
