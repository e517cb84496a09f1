// The staged import as stored in content_imports (gzipped): what the commit reads back. Written and
// read a slice of items at a time, with a turn of the event loop in between, so neither the preview
// nor the commit holds the candidates' requests for the whole list: parsing a 10,000-question
// payload in one JSON.parse held the loop about 100 ms at the start of every commit.
//
// The format is JSON lines: the first line the staged import without its items, each following line
// a JSON array of up to STAGED_SLICE items. JSON.stringify escapes every newline inside a string, so
// a line break only ever ends a line. A payload staged before this format (one JSON document, no line
// break) is still read, whole, until its preview expires.
import { pipeline } from 'node:stream/promises';
import { setImmediate as breather } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import type { ImportPreviewItem, InterchangeAtom, InterchangeQuestion } from '@skillquiz/contracts';

/** What the commit needs per item (stored gzipped in content_imports). */
export interface StagedItem {
  index: number;
  uid: string;
  action: ImportPreviewItem['action'];
  question_id: number | null;
  version: number | null;
  item: InterchangeQuestion | null;
}

export interface StagedImport {
  items: StagedItem[];
  atoms: InterchangeAtom[];
}

/** Items per line: about 80 KB of JSON for typical questions, a millisecond or so to parse. */
export const STAGED_SLICE = 100;

const NEWLINE = 0x0a;

async function* lines(staged: StagedImport): AsyncGenerator<string> {
  const { items, ...rest } = staged;
  yield `${JSON.stringify(rest)}\n`;
  for (let from = 0; from < items.length; from += STAGED_SLICE) {
    if (from) await breather();
    yield `${JSON.stringify(items.slice(from, from + STAGED_SLICE))}\n`;
  }
}

/** The staged import, gzipped as it is written, a slice at a time. */
export async function writeStaged(staged: StagedImport): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(lines(staged), createGzip(), async (gzipped: AsyncIterable<Buffer>) => {
    for await (const b of gzipped) out.push(b);
  });
  return Buffer.concat(out);
}

/** What writeStaged wrote, gunzipped on the thread pool and parsed a line at a time. */
export async function readStaged(gzipped: Buffer): Promise<StagedImport> {
  return parseStaged(await promisify(gunzip)(gzipped));
}

/** The gunzipped payload, parsed a line at a time with a turn of the event loop after each. */
export async function parseStaged(bytes: Buffer): Promise<StagedImport> {
  const firstEnd = bytes.indexOf(NEWLINE);
  if (firstEnd === -1) return JSON.parse(bytes.toString('utf8')) as StagedImport; // the older, single document
  const head = JSON.parse(bytes.toString('utf8', 0, firstEnd)) as Omit<StagedImport, 'items'>;
  const items: StagedItem[] = [];
  for (let start = firstEnd + 1; start < bytes.length;) {
    const end = bytes.indexOf(NEWLINE, start);
    const stop = end === -1 ? bytes.length : end;
    if (stop > start) {
      for (const item of JSON.parse(bytes.toString('utf8', start, stop)) as StagedItem[]) items.push(item);
      await breather();
    }
    start = stop + 1;
  }
  return { ...head, items };
}
