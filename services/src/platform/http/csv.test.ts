// The product's CSV writer: which cells it escapes, and that reading undoes exactly that.
import { parse } from 'csv-parse/sync';
import { csvText, neutraliseCell, readCsvCell } from './csv';

const FORMULAS = [
  '=HYPERLINK("http://evil.example","Click")',
  '=1+1',
  '+cmd|x',
  '@SUM(1)',
  '-2+3',
  '\t=1',
  '\r=1',
  '\uFF1D1+1', // full-width =
  '\uFF0Bcmd',
  '\uFF0D2',
  '\uFF20SUM(1)',
];

it('escapes every cell a spreadsheet would run, and nothing else', () => {
  for (const cell of FORMULAS) expect([cell, neutraliseCell(cell)]).toEqual([cell, `'${cell}`]);
  for (const cell of ['', 'Ada Lovelace', 'a=b', '1+1', ' =1', 'x@example.com', "O'Brien", "'quoted'"])
    expect([cell, neutraliseCell(cell)]).toEqual([cell, cell]);
  // An apostrophe already in front is escaped again, so reading back can tell the two apart.
  expect(neutraliseCell("'=1+1")).toBe("''=1+1");
});

it('reads back exactly what it was given, escaped or not', () => {
  for (const cell of [...FORMULAS, "'=1+1", "''-2", "'plain", 'plain', "O'Brien", "'", ''])
    expect([cell, readCsvCell(neutraliseCell(cell))]).toEqual([cell, cell]);
});

it('writes numbers as numbers and escapes text cells, quoted where CSV needs it', () => {
  const text = csvText([
    ['name', 'estimate'],
    ['=HYPERLINK("http://evil.example")', -0.5],
    ['-2+3', 3],
  ]);
  expect(text).toBe('name,estimate\n"\'=HYPERLINK(""http://evil.example"")",-0.5\n\'-2+3,3\n');
  expect(parse(text)).toEqual([
    ['name', 'estimate'],
    ['\'=HYPERLINK("http://evil.example")', '-0.5'],
    ["'-2+3", '3'],
  ]);
});
