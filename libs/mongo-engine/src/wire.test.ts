import { decode } from './bsonutil';
import { HEADER_SIZE, encodeMsgReply, releaseBuffer } from './wire';

describe('releaseBuffer', () => {
  it('frees a large buffer that spans its own memory', () => {
    const buf = Buffer.allocUnsafe(1024 * 1024);
    releaseBuffer(buf);
    expect(buf.byteLength).toBe(0);
  });

  it('leaves small buffers, views of part of a buffer and pooled buffers alone', () => {
    const small = Buffer.alloc(1000, 1);
    const whole = Buffer.alloc(1024 * 1024, 2);
    const part = whole.subarray(1);
    const pooled = Buffer.from('pooled');
    for (const b of [small, part, pooled]) releaseBuffer(b);
    expect(small.byteLength).toBe(1000);
    expect(part.byteLength).toBe(1024 * 1024 - 1);
    expect(whole[0]).toBe(2);
    expect(pooled.toString()).toBe('pooled');
  });
});

describe('encodeMsgReply', () => {
  it('sends a large reply whole after freeing its encoded body', () => {
    const doc = { ok: 1, big: 'x'.repeat(512 * 1024) };
    const out = encodeMsgReply(7, doc);
    expect(out.readInt32LE(0)).toBe(out.length);
    expect(out.readInt32LE(8)).toBe(7);
    // header, flag bits, section kind 0, then the body
    expect(decode(out.subarray(HEADER_SIZE + 5))).toEqual(doc);
  });
});
