// CRC-32 per journal record, from node's zlib (node >= 22; the project runs on 24).
import { crc32 as zlibCrc32 } from 'node:zlib';

export function crc32(buf: Uint8Array): number {
  return zlibCrc32(buf) >>> 0;
}
