// What an import may hold, in one place (services/README.md, "Import limits", lists them). Every
// limit is checked while the file is read, never from what the file declares about itself (a zip's
// sizes, an XML's structure), and a file past one is refused as a whole with a clear 413 or 400
// before anything is stored.

export const IMPORT_LIMITS = {
  /** The request body (a JSON file of 10,000 questions is about 10 MB). 413. */
  UPLOAD_BYTES: 50 * 1024 * 1024,
  /** Questions in one file (JSON questions, CSV rows, QTI items). 413. */
  ITEMS: 20_000,
  /** CSV records, the header included (empty lines are not records). 413. */
  CSV_ROWS: 20_001,
  /** Columns of one CSV record (the fixed ten and four per answer: about fifty in practice). 400. */
  CSV_COLUMNS: 1_000,
  /** Local entries of a zip, directories and media included. 413. */
  ZIP_ENTRIES: 25_000,
  /** Bytes one zip entry inflates to, counted while inflating. 413. */
  ZIP_ENTRY_BYTES: 16 * 1024 * 1024,
  /**
   * Bytes all the zip's entries inflate to together, counted while inflating (a package of 20,000
   * items as exported here inflates to about 40 MiB). 413.
   */
  ZIP_TOTAL_BYTES: 64 * 1024 * 1024,
  /** Elements open at once in one XML document (QTI items nest a dozen deep). 400. */
  XML_DEPTH: 100,
  /** Elements in one XML document (a manifest of 20,000 items has about 120,000). 400. */
  XML_ELEMENTS: 250_000,
  /** Elements in all the XML documents of a package. 413. */
  XML_ELEMENTS_TOTAL: 2_000_000,
  /** Arrays and objects open at once in a JSON file (a question nests four deep). 400. */
  JSON_DEPTH: 64,
  /**
   * Values in a JSON file, counted before it is parsed (objects and arrays, and the items between
   * their commas: a file of 10,000 questions as exported here holds about 260,000). 413.
   */
  JSON_VALUES: 2_000_000,
  /** The worker checking one file is stopped after this long. 413. */
  CHECK_MS: 120_000,
  /** The worker's JavaScript heap (a 10,000-question package needs about a fifth of it). 413 when hit. */
  WORKER_HEAP_MB: 512,
  /**
   * The worker's young generation. V8 sizes it from the heap limit when left unset, and a 10,000-item
   * QTI package's short-lived XML trees and strings then grew the process by 320 MiB (RSS a worker's
   * freed pages do not give back); capped at 8 MiB they are collected as they go: 146 MiB, no slower.
   */
  WORKER_YOUNG_MB: 8,
} as const;

/** A file past one of IMPORT_LIMITS: the route answers `status` with `message`, nothing is stored. */
export class ImportLimitError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'ImportLimitError';
  }
}

const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;
const count = (n: number) => n.toLocaleString('en-US');

/** The refusals, in the words the editor reads. */
export const limitMessages = {
  uploadBytes: () => `The file is larger than ${mib(IMPORT_LIMITS.UPLOAD_BYTES)}: nothing was imported.`,
  items: () =>
    `The file holds more than ${count(IMPORT_LIMITS.ITEMS)} questions (the most one import takes): split the file.`,
  csvRows: () =>
    `The CSV has more than ${count(IMPORT_LIMITS.CSV_ROWS)} rows (at most ${count(IMPORT_LIMITS.ITEMS)} questions and the header): split the file.`,
  csvColumns: () =>
    `A CSV row has more than ${count(IMPORT_LIMITS.CSV_COLUMNS)} columns: nothing was imported.`,
  zipEntries: () =>
    `The zip has more than ${count(IMPORT_LIMITS.ZIP_ENTRIES)} entries: nothing was imported.`,
  zipEntryBytes: (name: string) =>
    `The zip entry ${name} inflates to more than ${mib(IMPORT_LIMITS.ZIP_ENTRY_BYTES)}: nothing was imported.`,
  zipEntryLies: (name: string, declared: number) =>
    `The zip entry ${name} inflates to more than the ${count(declared)} bytes it declares: nothing was imported.`,
  zipTotalBytes: () =>
    `The zip's files inflate to more than ${mib(IMPORT_LIMITS.ZIP_TOTAL_BYTES)} together: nothing was imported.`,
  xmlDepth: (source: string) =>
    `The XML of ${source} nests elements more than ${IMPORT_LIMITS.XML_DEPTH} deep: nothing was imported.`,
  xmlElements: (source: string) =>
    `The XML of ${source} has more than ${count(IMPORT_LIMITS.XML_ELEMENTS)} elements: nothing was imported.`,
  xmlElementsTotal: () =>
    `The package's XML has more than ${count(IMPORT_LIMITS.XML_ELEMENTS_TOTAL)} elements together: nothing was imported.`,
  jsonValues: () =>
    `The JSON holds more than ${count(IMPORT_LIMITS.JSON_VALUES)} values (objects, arrays, strings, numbers): nothing was imported. Split the file.`,
  jsonDepth: () =>
    `The JSON nests arrays and objects more than ${IMPORT_LIMITS.JSON_DEPTH} deep: nothing was imported.`,
  time: () =>
    `The file took longer than ${IMPORT_LIMITS.CHECK_MS / 1000} s to check: nothing was imported. Split it into smaller files.`,
  memory: () => 'The file needs more memory to check than an import may use: nothing was imported. Split it.',
};
