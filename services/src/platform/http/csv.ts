// The one CSV writer of the product: every CSV the services write (the candidates export, the
// question bank export) goes through it, so none can carry a formula. A spreadsheet program runs a
// cell that starts with = + - @ (or their full-width forms), a tab or a carriage return as a formula
// (CSV injection: `=HYPERLINK(...)` links out, `+cmd|...` ran programs in old Excel), and names,
// emails and question texts come from outside. Such a cell is written with a leading apostrophe
// (OWASP's advice), which spreadsheet programs show as text and do not display.
//
// The escape is reversible, so a file the product wrote reads back as it was (readCsvCell, used by
// the content import): a cell is escaped when it starts with any number of apostrophes and then one
// of those characters, and reading removes one apostrophe from a cell of that shape. A text that
// itself began with `'=` is written `''=` and read back as `'=`. Numbers the product computes are
// written as numbers, not escaped (a negative estimate stays -0.5).
import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/** A cell a spreadsheet would run, or an already escaped one (so escaping is reversible). */
const FORMULA_CELL = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The cell as written: a leading apostrophe when a spreadsheet would run it as a formula. */
export function neutraliseCell(text: string): string {
  return FORMULA_CELL.test(text) ? `'${text}` : text;
}

/** The cell as the writer was given it: the inverse of neutraliseCell. */
export function readCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_CELL.test(text) ? text.slice(1) : text;
}

/** What a caller may choose: the columns, the header, a byte-order mark (spreadsheets' UTF-8). */
export type CsvOptions = Pick<Options, 'columns' | 'header' | 'bom'>;

const safe = (options: CsvOptions): Options => ({
  ...options,
  cast: { string: (value) => neutraliseCell(value) },
});

/** A streaming writer (objects or arrays in, CSV text out), for exports read from a cursor. */
export function csvStream(options: CsvOptions = {}): Stringifier {
  return stringify(safe(options));
}

/** The whole CSV text of `records` at once, for exports already in memory. */
export function csvText(records: unknown[], options: CsvOptions = {}): string {
  return stringifySync(records, safe(options));
}
