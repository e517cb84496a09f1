import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import type { InterchangeQuestion } from '@skillquiz/contracts';
import { STAGED_SLICE, parseStaged, readStaged, writeStaged, type StagedImport } from './staged';

function staged(n: number): StagedImport {
  return {
    atoms: [
      {
        id: 'sql',
        name: 'SQL',
        beta_question_uids: ['q-1'],
      } as unknown as StagedImport['atoms'][number],
    ],
    items: Array.from({ length: n }, (_, i) => ({
      index: i,
      uid: `q-${i}`,
      action: i % 7 === 0 ? ('invalid' as const) : ('create' as const),
      question_id: null,
      version: null,
      item: {
        // newlines, a line separator and non-ASCII inside strings: a line break in the payload only
        // ever ends a line
        question_text: `Question ${i}\nwith a second line\u2028and \u00e9\u{1F600}`,
        code_block: i % 2 ? 'SELECT 1;\n\nSELECT 2;\r\n' : null,
        answers: [{ text: 'a\nb', correct: true }],
      } as unknown as InterchangeQuestion,
    })),
  };
}

it('gives back what was staged, in order, strings with line breaks included', async () => {
  const value = staged(STAGED_SLICE * 3 + 17);
  expect(await readStaged(await writeStaged(value))).toEqual(value);
  const empty = staged(0);
  expect(await readStaged(await writeStaged(empty))).toEqual(empty);
});

it('writes a line per slice of items after a first line without them', async () => {
  const bytes = await promisify(gunzip)(await writeStaged(staged(STAGED_SLICE * 2 + 1)));
  const lines = bytes.toString('utf8').split('\n');
  expect(lines.at(-1)).toBe('');
  expect(lines).toHaveLength(1 + 3 + 1);
  expect(Object.keys(JSON.parse(lines[0]))).toEqual(['atoms']);
  expect(lines.slice(1, -1).map((l) => (JSON.parse(l) as unknown[]).length)).toEqual([
    STAGED_SLICE,
    STAGED_SLICE,
    1,
  ]);
});

it('reads a payload staged as one JSON document (previews made before the line format)', async () => {
  const value = staged(250);
  expect(await readStaged(gzipSync(JSON.stringify(value)))).toEqual(value);
});

it('lets other work run between two lines while it parses', async () => {
  const bytes = await promisify(gunzip)(await writeStaged(staged(STAGED_SLICE * 20)));
  let ticks = 0;
  let running = true;
  const tick = () => {
    ticks++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const parsed = await parseStaged(bytes);
  running = false;
  expect(parsed.items).toHaveLength(STAGED_SLICE * 20);
  // one turn of the loop after each of the 20 lines: the other work ran in between
  expect(ticks).toBeGreaterThanOrEqual(19);
});
