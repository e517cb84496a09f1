// MongoDB wire protocol framing: parse OP_QUERY / OP_MSG requests, build OP_REPLY / OP_MSG responses.
// Parsing never trusts a declared length: every size is bounds-checked before use.
import { CommandError } from './errors';
import { Doc, decode } from './bsonutil';
import { encodeReplyDoc } from './rawbson';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;
export const HEADER_SIZE = 16;

const FLAG_CHECKSUM = 1 << 0;
const FLAG_MORE_TO_COME = 1 << 1;
const FLAG_EXHAUST_ALLOWED = 1 << 16;
const KNOWN_FLAGS = FLAG_CHECKSUM | FLAG_MORE_TO_COME | FLAG_EXHAUST_ALLOWED;

export interface Header {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface Request {
  header: Header;
  /** 'query' = legacy OP_QUERY command (answered with OP_REPLY), 'msg' = OP_MSG */
  kind: 'query' | 'msg';
  db: string;
  command: Doc;
  /** OP_MSG moreToCome: the client expects no reply */
  moreToCome: boolean;
}

export function readHeader(buf: Buffer): Header {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

function invalid(msg: string): CommandError {
  return new CommandError('InvalidBSON', msg);
}

function readDoc(buf: Buffer, off: number, end: number): { doc: Doc; next: number } {
  if (off + 5 > end) throw invalid('truncated BSON document in message');
  const size = buf.readInt32LE(off);
  if (size < 5 || off + size > end)
    throw invalid(`BSON document declares size ${size} beyond the message end`);
  if (buf[off + size - 1] !== 0) throw invalid('BSON document is not null-terminated');
  try {
    return { doc: decode(buf.subarray(off, off + size)), next: off + size };
  } catch (e) {
    throw invalid(`invalid BSON in message: ${(e as Error).message}`);
  }
}

function readCString(buf: Buffer, off: number, end: number): { str: string; next: number } {
  const zero = buf.indexOf(0, off);
  if (zero < 0 || zero >= end) throw invalid('unterminated string in message');
  return { str: buf.toString('utf8', off, zero), next: zero + 1 };
}

/** Parse one complete message (buf holds exactly header.length bytes). Throws CommandError on bad content. */
export function parseRequest(buf: Buffer): Request {
  const header = readHeader(buf);
  const end = buf.length;
  if (header.opCode === OP_MSG) {
    if (end < HEADER_SIZE + 5) throw invalid('OP_MSG too short');
    const flags = buf.readUInt32LE(HEADER_SIZE);
    if (flags & 0xffff & ~KNOWN_FLAGS)
      throw new CommandError('BadValue', `OP_MSG: unsupported required flag bits ${flags.toString(16)}`);
    const bodyEnd = flags & FLAG_CHECKSUM ? end - 4 : end; // the crc32c is tolerated, not verified
    let off = HEADER_SIZE + 4;
    let body: Doc | undefined;
    const sequences: Record<string, Doc[]> = {};
    while (off < bodyEnd) {
      const kind = buf[off++];
      if (kind === 0) {
        if (body) throw invalid('OP_MSG with more than one body section');
        const r = readDoc(buf, off, bodyEnd);
        body = r.doc;
        off = r.next;
      } else if (kind === 1) {
        if (off + 4 > bodyEnd) throw invalid('truncated document sequence');
        const size = buf.readInt32LE(off);
        const seqEnd = off + size;
        if (size < 5 || seqEnd > bodyEnd)
          throw invalid(`document sequence declares size ${size} beyond the message end`);
        const id = readCString(buf, off + 4, seqEnd);
        let p = id.next;
        const docs: Doc[] = [];
        while (p < seqEnd) {
          const r = readDoc(buf, p, seqEnd);
          docs.push(r.doc);
          p = r.next;
        }
        sequences[id.str] = docs;
        off = seqEnd;
      } else throw invalid(`OP_MSG: unknown section kind ${kind}`);
    }
    if (!body) throw invalid('OP_MSG without a body section');
    for (const [k, docs] of Object.entries(sequences)) body[k] = docs;
    const db = body.$db;
    if (typeof db !== 'string')
      throw new CommandError('BadValue', "OP_MSG: command is missing the '$db' field");
    return { header, kind: 'msg', db, command: body, moreToCome: !!(flags & FLAG_MORE_TO_COME) };
  }
  if (header.opCode === OP_QUERY) {
    let off = HEADER_SIZE + 4; // flags
    const ns = readCString(buf, off, end);
    off = ns.next + 8; // numberToSkip, numberToReturn
    const q = readDoc(buf, off, end);
    let command = q.doc;
    if (command.$query && typeof command.$query === 'object') command = command.$query as Doc; // wrapped form
    if (!ns.str.endsWith('.$cmd'))
      throw new CommandError(
        'BadValue',
        `OP_QUERY is only supported for commands; got a query on '${ns.str}'`,
      );
    return { header, kind: 'query', db: ns.str.slice(0, -'.$cmd'.length), command, moreToCome: false };
  }
  if (header.opCode === OP_COMPRESSED)
    throw new CommandError('BadValue', 'OP_COMPRESSED is not supported (no compressors were negotiated)');
  throw new CommandError('BadValue', `unsupported opCode ${header.opCode}`);
}

let nextResponseId = 1;

function headerBuf(length: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.alloc(HEADER_SIZE);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(nextResponseId++ & 0x7fffffff, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

/** Buffers at least this large give their memory back as soon as they are done with (releaseBuffer). */
const RELEASE_BYTES = 128 * 1024;

/**
 * Frees a large buffer's memory now rather than at a later GC, by detaching it (it reads as empty afterwards),
 * when `buf` spans all of its memory; call it only when nothing can read `buf` any more. A reply's buffers are
 * garbage once sent, but V8 frees memory outside its heap only when a GC collects the objects holding it, and it
 * collects for outside memory only every 64 MiB or so: after the scale bench's statistics calls ~90 MiB of sent
 * replies were still resident.
 */
export function releaseBuffer(buf: Uint8Array): void {
  const memory = buf.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (buf.byteLength < RELEASE_BYTES || buf.byteOffset !== 0 || memory.byteLength !== buf.byteLength) return;
  if (memory instanceof ArrayBuffer && typeof memory.transfer === 'function') memory.transfer(0);
}

export function encodeMsgReply(responseTo: number, doc: Doc): Buffer {
  const body = encodeReplyDoc(doc);
  const len = HEADER_SIZE + 4 + 1 + body.length;
  const out = Buffer.concat([headerBuf(len, responseTo, OP_MSG), Buffer.from([0, 0, 0, 0, 0]), body]);
  releaseBuffer(body); // a fresh encoding, copied into `out`
  return out;
}

export function encodeOpReply(responseTo: number, doc: Doc): Buffer {
  const body = encodeReplyDoc(doc);
  const len = HEADER_SIZE + 20 + body.length;
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(0, 0); // responseFlags
  fields.writeBigInt64LE(0n, 4); // cursorID
  fields.writeInt32LE(0, 12); // startingFrom
  fields.writeInt32LE(1, 16); // numberReturned
  const out = Buffer.concat([headerBuf(len, responseTo, OP_REPLY), fields, body]);
  releaseBuffer(body);
  return out;
}

export function encodeReply(req: { kind: 'query' | 'msg'; requestId: number }, doc: Doc): Buffer {
  return req.kind === 'query' ? encodeOpReply(req.requestId, doc) : encodeMsgReply(req.requestId, doc);
}
