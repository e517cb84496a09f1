// CRC-32 per journal record: node's zlib.crc32 when present (node >= 20.15), else a table implementation.
import * as zlib from 'node:zlib';

let table: Uint32Array | null = null;

function tableCrc32(buf: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < buf.length; i++) crc = table[(crc ^ buf[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const native = (zlib as unknown as { crc32?: (b: Uint8Array) => number }).crc32;

export function crc32(buf: Uint8Array): number {
  return native ? native(buf) >>> 0 : tableCrc32(buf);
}

export { tableCrc32 };
