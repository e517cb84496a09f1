// QTI 2.2: what is accepted and written.
//
// Accepted: a content package (zip) with imsmanifest.xml whose resources of type imsqti_item_xmlv2p1
// or imsqti_item_xmlv2p2 name the item files (a zip without a manifest: every assessmentItem XML in
// it, with a warning), or a single assessmentItem XML file. Each item must be a multiple-choice item
// with one answer: a responseDeclaration of cardinality single, baseType identifier, and one
// choiceInteraction with maxChoices 1; anything else (other interactions, multiple response,
// templates) is an error for that item. The question text is the itemBody's content before the
// interaction plus its prompt, flattened to text (<br>/<p> breaks, <code> as `code`; images become
// "[image: alt]" with a warning); the first <pre> outside the interaction is the code block (its
// class language-X the code language); simpleChoice fixed="true" locks the answer at its position;
// correctResponse names the correct one; xml:lang is the language.
// SkillQuiz's own fields (uid, atoms, claim, difficulty, variation link, atom settings) travel in
// the manifest's resource metadata in our own namespace (IMS CP allows extension metadata), so a
// single item file carries only what QTI itself describes. Items we write say toolName="SkillQuiz"
// and keep their text verbatim in <prompt> and <simpleChoice> (no whitespace folding on read).
import { type InterchangeAtom, type InterchangeQuestion, HASH_ID_RE } from '@skillquiz/contracts';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { Unzip, Zip, strFromU8, type UnzipDecoder, type ZipInputFile } from 'fflate';
import type { ParsedFile, ParsedItem, ParsedItems } from './interchange';
import { IMPORT_LIMITS, ImportLimitError, limitMessages } from './limits';

export const SQ_NS = 'urn:skillquiz:qti-extension:1';
const QTI_NS = 'http://www.imsglobal.org/xsd/imsqti_v2p2';
const TOOL = 'SkillQuiz';

// ---------------------------------------------------------------------------------------------
// Reading: saxes (a strict, streaming XML parser) into a small ordered tree (elements with their
// attributes and children, text nodes), so mixed content keeps its order. saxes replaced
// fast-xml-parser here: reading the 10,000 items of a package took 3-4 s of CPU with it (most of a
// 13-15 s preview), and saxes reports malformed XML with its line and column.

interface XElement {
  /** The qualified name as written (`sq:question`). */
  name: string;
  attributes: Record<string, string>;
  children: XNode[];
}
interface XText {
  text: string;
}
type XNode = XElement | XText;

/** HTML entities some tools write in QTI (not XML's own), as fast-xml-parser's htmlEntities read them. */
const HTML_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  copy: '\u00a9',
  reg: '\u00ae',
  cent: '\u00a2',
  pound: '\u00a3',
  yen: '\u00a5',
  euro: '\u20ac',
  inr: '\u20b9',
};

const isText = (n: XNode): n is XText => 'text' in n;
/** An element's name, '#text' for text. */
const tagOf = (n: XNode): string => (isText(n) ? '#text' : n.name);
const local = (tag: string) => tag.slice(tag.indexOf(':') + 1);
const kids = (n: XNode): XNode[] => (isText(n) ? [] : n.children);
function attr(n: XNode, name: string): string | undefined {
  if (isText(n)) return undefined;
  const a = n.attributes;
  if (name in a) return a[name];
  for (const k in a) if (local(k) === name) return a[k];
  return undefined;
}
const textValue = (n: XNode) => (isText(n) ? n.text : '');
function named(nodes: XNode[], name: string): XElement[] {
  return nodes.filter((n): n is XElement => !isText(n) && local(n.name) === name);
}
function findDeep(nodes: XNode[], name: string, out: XElement[] = []): XElement[] {
  for (const n of nodes) {
    if (isText(n)) continue;
    if (local(n.name) === name) out.push(n);
    findDeep(n.children, name, out);
  }
  return out;
}
function allText(nodes: XNode[]): string {
  return nodes.map((n) => (isText(n) ? n.text : allText(n.children))).join('');
}

/** Elements read so far over every document of one file (IMPORT_LIMITS.XML_ELEMENTS_TOTAL). */
export interface XmlBudget {
  elements: number;
}

/**
 * Parses a whole document; throws on malformed XML (saxes' message: line:column: what), and an
 * ImportLimitError as soon as it nests deeper or holds more elements than IMPORT_LIMITS allow: the
 * tree is walked recursively afterwards, so its depth is bounded here, while it is read.
 */
function parseXml(xml: string, source = 'the file', budget: XmlBudget = { elements: 0 }): XNode[] {
  const parser = new SaxesParser();
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  const top: XNode[] = [];
  const open: XNode[][] = [top];
  let elements = 0;
  const text = (t: string) => open[open.length - 1].push({ text: t });
  parser.on('opentag', (tag) => {
    if (open.length > IMPORT_LIMITS.XML_DEPTH)
      throw new ImportLimitError(400, limitMessages.xmlDepth(source));
    if (++elements > IMPORT_LIMITS.XML_ELEMENTS)
      throw new ImportLimitError(400, limitMessages.xmlElements(source));
    if (++budget.elements > IMPORT_LIMITS.XML_ELEMENTS_TOTAL)
      throw new ImportLimitError(413, limitMessages.xmlElementsTotal());
    const node: XElement = { name: tag.name, attributes: tag.attributes, children: [] };
    open[open.length - 1].push(node);
    open.push(node.children);
  });
  // Self-closing tags get their closetag too.
  parser.on('closetag', () => {
    open.pop();
  });
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('error', (err) => {
    throw err;
  });
  parser.write(xml.replace(/^\uFEFF/, '')).close();
  return top;
}

interface Flatten {
  warnings: Set<string>;
}

const BLOCK = new Set([
  'p',
  'div',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

/** XHTML content as the question text: whitespace folded, blocks and <br> as line breaks, <code> as `code`. */
function flatten(nodes: XNode[], f: Flatten): string {
  let out = '';
  for (const n of nodes) {
    if (isText(n)) {
      out += textValue(n).replace(/\s+/g, ' ');
      continue;
    }
    const t = tagOf(n);
    if (!t) continue;
    const name = local(t);
    if (name === 'br') out += '\n';
    else if (name === 'code') out += `\`${allText(kids(n))}\``;
    else if (name === 'pre') out += `\n\n${allText(kids(n))}\n\n`;
    else if (name === 'img') {
      const alt = attr(n, 'alt');
      out += alt ? `[image: ${alt}]` : '[image]';
      f.warnings.add('images are not imported: the text keeps their alt text');
    } else if (name === 'math') {
      out += allText(kids(n));
      f.warnings.add('MathML is imported as plain text');
    } else if (name === 'object' || name === 'audio' || name === 'video') {
      f.warnings.add(`<${name}> media are not imported`);
    } else if (BLOCK.has(name)) out += `\n\n${flatten(kids(n), f)}\n\n`;
    else out += flatten(kids(n), f);
  }
  return out;
}

const tidy = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Text of a prompt or choice: verbatim for our own single-text items, else flattened. */
function contentText(n: XNode, ours: boolean, f: Flatten): string {
  const c = kids(n);
  if (ours && c.every(isText)) return c.map(textValue).join('');
  return tidy(flatten(c, f));
}

/** One assessmentItem → an interchange item's raw fields (checked later by the preview). */
export function readItem(
  xml: string,
  source: string,
  meta: Record<string, unknown> = {},
  budget: XmlBudget = { elements: 0 },
): ParsedItem {
  const item: ParsedItem = { source, raw: {}, errors: [], warnings: [] };
  let doc: XNode[];
  try {
    doc = parseXml(xml, source, budget);
  } catch (err) {
    if (err instanceof ImportLimitError) throw err;
    item.errors.push({ path: 'xml', message: `not well-formed XML: ${(err as Error).message}` });
    return item;
  }
  const root = named(doc, 'assessmentItem')[0];
  if (!root) {
    item.errors.push({ path: 'xml', message: 'not a QTI assessmentItem' });
    return item;
  }
  const ours = attr(root, 'toolName') === TOOL;
  const f: Flatten = { warnings: new Set() };
  const children = kids(root);
  const body = named(children, 'itemBody')[0];
  const choice = body ? findDeep(kids(body), 'choiceInteraction') : [];
  const otherInteractions = body
    ? [
        'textEntryInteraction',
        'extendedTextInteraction',
        'orderInteraction',
        'associateInteraction',
        'matchInteraction',
        'gapMatchInteraction',
        'inlineChoiceInteraction',
        'hottextInteraction',
        'hotspotInteraction',
        'sliderInteraction',
        'uploadInteraction',
        'customInteraction',
      ].filter((name) => findDeep(kids(body), name).length > 0)
    : [];
  if (choice.length !== 1 || otherInteractions.length) {
    item.errors.push({
      path: 'itemBody',
      message:
        choice.length === 0
          ? `no choiceInteraction${otherInteractions.length ? ` (found ${otherInteractions.join(', ')})` : ''}: only multiple-choice items can be imported`
          : 'more than one interaction: only items with a single choiceInteraction can be imported',
    });
    return item;
  }
  const interaction = choice[0];
  const responseId = attr(interaction, 'responseIdentifier');
  const decl = named(children, 'responseDeclaration').find((d) => attr(d, 'identifier') === responseId);
  const maxChoices = attr(interaction, 'maxChoices') ?? '1';
  if (!decl)
    item.errors.push({ path: 'responseDeclaration', message: `no responseDeclaration for '${responseId}'` });
  else if (attr(decl, 'cardinality') !== 'single' || maxChoices !== '1')
    item.errors.push({
      path: 'responseDeclaration',
      message: `multiple response (cardinality ${attr(decl, 'cardinality')}, maxChoices ${maxChoices}): only single-answer items can be imported`,
    });
  else if (attr(decl, 'baseType') !== 'identifier')
    item.errors.push({
      path: 'responseDeclaration',
      message: `baseType ${attr(decl, 'baseType')}: expected identifier`,
    });
  if (named(children, 'templateDeclaration').length)
    item.errors.push({ path: 'templateDeclaration', message: 'template (cloned) items are not supported' });
  const correctValues = decl
    ? named(named(kids(decl), 'correctResponse')[0]?.children ?? [], 'value').map((v) =>
        allText(v.children).trim(),
      )
    : [];
  // Text: what precedes the interaction in the body (paragraphs, code), then the prompt.
  let code = '';
  let codeLanguage: string | null = null;
  const before: XNode[] = [];
  for (const n of body ? kids(body) : []) {
    if (findDeep([n], 'choiceInteraction').length) break;
    const t = tagOf(n);
    if (t && t !== '#text' && local(t) === 'pre' && !code) {
      code = allText(kids(n));
      const cls = /language-([\w+#-]+)/.exec(attr(n, 'class') ?? '');
      codeLanguage = cls ? cls[1] : null;
    } else before.push(n);
  }
  const prompt = named(kids(interaction), 'prompt')[0];
  const lead = tidy(flatten(before, f));
  const promptText = prompt ? contentText(prompt, ours, f) : '';
  const question_text = lead && promptText ? `${lead}\n\n${promptText}` : lead || promptText;
  const choices = named(kids(interaction), 'simpleChoice');
  const identifiers = choices.map((c) => attr(c, 'identifier') ?? '');
  for (const v of correctValues)
    if (!identifiers.includes(v))
      item.errors.push({
        path: 'correctResponse',
        message: `the correct response '${v}' names no simpleChoice`,
      });
  const answers = choices.map((c, i) => {
    const id = identifiers[i];
    const hash = ours && id.startsWith('H') ? id.slice(1) : id;
    return {
      text: contentText(c, ours, f),
      correct: correctValues.includes(id),
      ...(attr(c, 'fixed') === 'true' ? { position: i } : {}),
      ...(HASH_ID_RE.test(hash) && hash.length <= 64 ? { hash_id: hash } : {}),
    };
  });
  const identifier = attr(root, 'identifier') ?? '';
  const uidFromId = ours && identifier.startsWith('q-') ? identifier.slice(2) : identifier;
  item.raw = {
    uid: uidFromId || undefined,
    question_text,
    code_block: code,
    code_language: codeLanguage,
    language: attr(root, 'lang') ?? null,
    answers,
    ...meta,
  };
  for (const w of f.warnings) item.warnings.push({ path: 'itemBody', message: w });
  return item;
}

function resourceMeta(resource: XNode): Record<string, unknown> {
  const md = named(kids(resource), 'metadata')[0];
  const q = md
    ? findDeep(kids(md), 'question').find((n) => tagOf(n)!.includes(':') || attr(n, 'uid'))
    : undefined;
  if (!q) return {};
  const meta: Record<string, unknown> = {};
  const uid = attr(q, 'uid');
  if (uid) meta.uid = uid;
  const claim = attr(q, 'claim');
  if (claim !== undefined) meta.claim = claim || null;
  const a = attr(q, 'a');
  const d = attr(q, 'd');
  if (a !== undefined && d !== undefined) meta.difficulty_params = { a: Number(a), d: Number(d) };
  const original = attr(q, 'original-uid');
  if (original !== undefined) meta.original_uid = original || null;
  meta.atoms = named(kids(q), 'atom').map((n) => allText(kids(n)).trim());
  return meta;
}

/**
 * Bytes handed to fflate's reader at a time: it calls itself again for each entry that ends inside a
 * chunk, so a whole file of tiny entries pushed at once would overflow the stack.
 */
const UNZIP_STEP = 8 * 1024;

/**
 * The entries of a zip that `wanted` names. fflate's streaming reader finds them: it follows the
 * local headers one after the other, so an entry the central directory lists many times (overlapping
 * entries) is read once. Each wanted entry is inflated by Node's zlib with `maxOutputLength` (what
 * the entry may still hold under IMPORT_LIMITS.ZIP_ENTRY_BYTES and ZIP_TOTAL_BYTES, plus one), so
 * zlib stops as soon as the bytes coming out pass the limit: sizes are counted while inflating, never
 * taken from the headers. A header that declares more than an entry may hold is refused at once, and
 * an entry that inflates to more than it declares is refused too. Entries not wanted are skipped.
 * (fflate's own streaming inflater took 9 s of allocations for 10,000 small entries; zlib 0.1 s.)
 */
export function unzipBounded(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  let entries = 0;
  let total = 0;
  let failure: Error | null = null;
  const fail = (err: Error) => {
    failure ??= err;
  };
  /** What the entry being inflated may still come to, under both limits. */
  const room = () => Math.min(IMPORT_LIMITS.ZIP_ENTRY_BYTES, IMPORT_LIMITS.ZIP_TOTAL_BYTES - total);
  class BoundedInflate implements UnzipDecoder {
    static readonly compression = 8;
    ondata: UnzipDecoder['ondata'] = () => undefined;
    private readonly chunks: Uint8Array[] = [];
    constructor(
      private readonly name: string,
      _size?: number,
      private readonly declared?: number,
    ) {}
    push(chunk: Uint8Array, final: boolean): void {
      // views into the upload: nothing is copied until the entry is complete
      if (chunk.length) this.chunks.push(chunk);
      if (!final) return;
      const limit = room();
      const lies = this.declared !== undefined && this.declared < limit;
      let out: Buffer;
      try {
        out = inflateRawSync(Buffer.concat(this.chunks), {
          maxOutputLength: (lies ? this.declared! : limit) + 1,
        });
      } catch (err) {
        const tooLarge = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
        if (!tooLarge) return this.ondata(Object.assign(err as Error, { code: 0 }), new Uint8Array(0), true);
        return fail(
          new ImportLimitError(
            413,
            lies
              ? limitMessages.zipEntryLies(this.name, this.declared!)
              : limit < IMPORT_LIMITS.ZIP_ENTRY_BYTES
                ? limitMessages.zipTotalBytes()
                : limitMessages.zipEntryBytes(this.name),
          ),
        );
      }
      this.ondata(null, new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.length), true);
    }
  }
  const unzip = new Unzip((file) => {
    if (failure) return;
    if (++entries > IMPORT_LIMITS.ZIP_ENTRIES)
      return fail(new ImportLimitError(413, limitMessages.zipEntries()));
    if (file.name.endsWith('/') || !wanted(file.name) || Object.hasOwn(files, file.name)) return;
    const declared = file.originalSize;
    if (declared !== undefined && declared > IMPORT_LIMITS.ZIP_ENTRY_BYTES)
      return fail(new ImportLimitError(413, limitMessages.zipEntryBytes(file.name)));
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) return fail(err);
      size += data.length;
      total += data.length;
      if (size > IMPORT_LIMITS.ZIP_ENTRY_BYTES)
        return fail(new ImportLimitError(413, limitMessages.zipEntryBytes(file.name)));
      if (total > IMPORT_LIMITS.ZIP_TOTAL_BYTES)
        return fail(new ImportLimitError(413, limitMessages.zipTotalBytes()));
      if (declared !== undefined && size > declared)
        return fail(new ImportLimitError(413, limitMessages.zipEntryLies(file.name, declared)));
      chunks.push(data);
      if (!final) return;
      const out = new Uint8Array(size);
      let at = 0;
      for (const c of chunks) {
        out.set(c, at);
        at += c.length;
      }
      files[file.name] = out;
    };
    file.start();
  });
  unzip.register(BoundedInflate);
  for (let at = 0; at < bytes.length && !failure; at += UNZIP_STEP)
    unzip.push(bytes.subarray(at, at + UNZIP_STEP), at + UNZIP_STEP >= bytes.length);
  if (failure) throw failure;
  if (entries === 0) throw new Error('no zip entry found');
  return files;
}

/** What the items need of a manifest: the atoms it defines and each item resource's href and metadata. */
function readManifest(manifest: XNode[]): {
  atoms: unknown[];
  listed: { href: string; meta: Record<string, unknown> }[];
} {
  const root = named(manifest, 'manifest')[0];
  const resources = root ? findDeep(kids(root), 'resource') : [];
  const itemResources = resources.filter((r) => /^imsqti_item_xmlv2p[12]/.test(attr(r, 'type') ?? ''));
  if (itemResources.length > IMPORT_LIMITS.ITEMS) throw new ImportLimitError(413, limitMessages.items());
  const atoms: unknown[] = [];
  const rootMeta = root ? named(kids(root), 'metadata')[0] : undefined;
  for (const a of rootMeta ? findDeep(kids(rootMeta), 'atom') : []) {
    try {
      atoms.push(JSON.parse(allText(kids(a))));
    } catch {
      atoms.push({ id: attr(a, 'id') });
    }
  }
  const listed = itemResources.map((r) => ({
    href: attr(r, 'href') ?? named(kids(r), 'file').map((f) => attr(f, 'href'))[0] ?? '',
    meta: resourceMeta(r),
  }));
  return { atoms, listed };
}

/** A package (zip) or a single item XML, every item read. */
export function parseQti(bytes: Buffer): ParsedFile {
  const file = readQti(bytes);
  return { ...file, items: [...file.items] };
}

/**
 * A package (zip) or a single item XML. A package's items are read as they are taken from `items`
 * (one at a time, in the manifest's order), so its items' trees and raw fields need not all be held
 * at once; a limit an item goes past is thrown when that item is taken.
 */
export function readQti(bytes: Buffer): ParsedItems {
  const budget: XmlBudget = { elements: 0 };
  const isZip = bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (!isZip) {
    const xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
    if (/<(\w+:)?manifest[\s>]/.test(xml.slice(0, 2000)))
      return {
        items: [],
        atoms: [],
        fileErrors: [{ path: '', message: 'this is a manifest alone: upload the whole package (zip)' }],
      };
    return { items: [readItem(xml, 'item', {}, budget)], atoms: [], fileErrors: [] };
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipBounded(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      (name) => name.toLowerCase().endsWith('.xml') && !name.startsWith('__MACOSX/'),
    );
  } catch (err) {
    if (err instanceof ImportLimitError) throw err;
    return {
      items: [],
      atoms: [],
      fileErrors: [{ path: '', message: `not a readable zip: ${(err as Error).message}` }],
    };
  }
  const names = Object.keys(files).filter((n) => !n.endsWith('/') && !n.startsWith('__MACOSX/'));
  const manifestName = names
    .filter((n) => /(^|\/)imsmanifest\.xml$/.test(n))
    .sort((x, y) => x.length - y.length)[0];
  if (!manifestName) {
    const xmls = names.filter((n) => n.toLowerCase().endsWith('.xml')).sort();
    if (xmls.length > IMPORT_LIMITS.ITEMS) throw new ImportLimitError(413, limitMessages.items());
    const items = xmls
      .map((n) => readItem(strFromU8(files[n]), n, {}, budget))
      .filter((i) => !i.errors.some((e) => e.message === 'not a QTI assessmentItem'));
    for (const i of items)
      i.warnings.push({
        path: '',
        message: 'the package has no imsmanifest.xml: items read from its XML files',
      });
    return {
      items,
      atoms: [],
      fileErrors: items.length
        ? []
        : [{ path: '', message: 'no imsmanifest.xml and no assessmentItem in the zip' }],
    };
  }
  const base = manifestName.slice(0, manifestName.length - 'imsmanifest.xml'.length);
  let manifest: XNode[];
  try {
    manifest = parseXml(strFromU8(files[manifestName]), manifestName, budget);
  } catch (err) {
    if (err instanceof ImportLimitError) throw err;
    return {
      items: [],
      atoms: [],
      fileErrors: [{ path: 'imsmanifest.xml', message: `not well-formed XML: ${(err as Error).message}` }],
    };
  }
  const { atoms, listed } = readManifest(manifest);
  // From here on only `listed` is kept of the manifest: its tree is not held while the items' trees
  // and results are built.
  manifest = [];
  function* items(): Generator<ParsedItem> {
    for (const item of listed) yield readListed(item);
  }
  const readListed = ({ href, meta }: (typeof listed)[number]): ParsedItem => {
    const path = base + href;
    const file = files[path];
    if (!file)
      return {
        source: href,
        raw: {},
        errors: [{ path: 'href', message: `the manifest names ${href}, which is not in the zip` }],
        warnings: [],
      };
    return readItem(strFromU8(file), href, meta, budget);
  };
  const fileErrors = listed.length
    ? []
    : [{ path: 'imsmanifest.xml', message: 'the manifest lists no QTI 2.1/2.2 item' }];
  return { items: items(), atoms, fileErrors };
}

// ---------------------------------------------------------------------------------------------
// Writing: the XML as text (a fixed shape, escaped here; the builder took seconds for 10,000 items and
// once turned fixed="true" into a bare attribute), zipped with Node's zlib (fflate's deflate took
// 7-9 s for 10,000 small files, zlib about 1 s) into a zip fflate lays out.

/** Text or attribute value as XML. A carriage return is written as a reference: parsers fold a raw one into \n. */
const esc = (s: string) =>
  s.replace(/[&<>"\r]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#13;',
  );

const ncName = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>';

function itemXml(q: InterchangeQuestion): string {
  const correct = q.answers.find((a) => a.correct);
  const choiceId = (a: InterchangeQuestion['answers'][number], i: number) => `H${a.hash_id ?? `A${i}`}`;
  // Document order = served order without shuffling: locked answers in their slots, the rest in order.
  const slots: (number | null)[] = Array.from({ length: q.answers.length }, () => null);
  q.answers.forEach((a, i) => {
    if (a.position !== undefined && a.position < slots.length) slots[a.position] = i;
  });
  const free = q.answers.map((_, i) => i).filter((i) => !slots.includes(i));
  const order = slots.map((s) => (s === null ? free.shift()! : s));
  const title = q.question_text.replace(/\s+/g, ' ').slice(0, 80) || 'Question';
  const lines = [
    XML_DECL,
    `<assessmentItem xmlns="${QTI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
      `xsi:schemaLocation="${QTI_NS} http://www.imsglobal.org/xsd/qti/qtiv2p2/imsqti_v2p2.xsd" ` +
      `identifier="${esc(`q-${ncName(q.uid ?? 'item')}`)}" title="${esc(title)}" adaptive="false" timeDependent="false"` +
      `${q.language ? ` xml:lang="${esc(q.language)}"` : ''} toolName="${TOOL}" toolVersion="1">`,
  ];
  if (correct)
    lines.push(
      '  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">',
      '    <correctResponse>',
      `      <value>${esc(choiceId(correct, q.answers.indexOf(correct)))}</value>`,
      '    </correctResponse>',
      '  </responseDeclaration>',
    );
  else
    lines.push('  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"/>');
  lines.push(
    '  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float">',
    '    <defaultValue>',
    '      <value>0</value>',
    '    </defaultValue>',
    '  </outcomeDeclaration>',
    '  <itemBody>',
  );
  if (q.code_block)
    lines.push(
      `    <pre${q.code_language ? ` class="${esc(`language-${q.code_language}`)}"` : ''}>${esc(q.code_block)}</pre>`,
    );
  lines.push(
    '    <choiceInteraction responseIdentifier="RESPONSE" shuffle="true" maxChoices="1">',
    `      <prompt>${esc(q.question_text)}</prompt>`,
    ...order.map((i) => {
      const a = q.answers[i];
      const fixed = a.position !== undefined ? ' fixed="true"' : '';
      return `      <simpleChoice identifier="${esc(choiceId(a, i))}"${fixed}>${esc(a.text)}</simpleChoice>`;
    }),
    '    </choiceInteraction>',
    '  </itemBody>',
    '  <responseProcessing template="http://www.imsglobal.org/question/qti_v2p2/rptemplates/match_correct"/>',
    '</assessmentItem>',
    '',
  );
  return lines.join('\n');
}

function manifestXml(atoms: InterchangeAtom[], questions: InterchangeQuestion[], hrefs: string[]): string {
  const lines = [
    XML_DECL,
    `<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:sq="${SQ_NS}" identifier="skillquiz-export">`,
    '  <metadata>',
    '    <schema>QTIv2.2 Package</schema>',
    '    <schemaversion>1.0.0</schemaversion>',
  ];
  if (atoms.length)
    lines.push(
      '    <sq:atoms>',
      ...atoms.map((a) => `      <sq:atom id="${esc(a.id)}">${esc(JSON.stringify(a))}</sq:atom>`),
      '    </sq:atoms>',
    );
  else lines.push('    <sq:atoms/>');
  lines.push('  </metadata>', '  <organizations/>', '  <resources>');
  questions.forEach((q, i) => {
    const href = esc(hrefs[i]);
    const attrs =
      `uid="${esc(q.uid ?? '')}" claim="${esc(q.claim ?? '')}" a="${q.difficulty_params.a}" ` +
      `d="${q.difficulty_params.d}" original-uid="${esc(q.original_uid ?? '')}"`;
    lines.push(
      `    <resource identifier="res-${i + 1}" type="imsqti_item_xmlv2p2" href="${href}">`,
      '      <metadata>',
      ...(q.atoms.length
        ? [
            `        <sq:question ${attrs}>`,
            ...q.atoms.map((slug) => `          <sq:atom>${esc(slug)}</sq:atom>`),
            '        </sq:question>',
          ]
        : [`        <sq:question ${attrs}/>`]),
      '      </metadata>',
      `      <file href="${href}"/>`,
      '    </resource>',
    );
  });
  lines.push('  </resources>', '</manifest>', '');
  return lines.join('\n');
}

/** A fixed date, so two exports of the same content are the same bytes. */
const ZIP_MTIME = new Date('2000-01-01T00:00:00Z');

/** A zip of `files` (in order), each deflated by zlib; fflate writes the headers and directory. */
function zipFiles(files: [string, Uint8Array][]): Buffer {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else chunks.push(chunk);
  });
  for (const [filename, data] of files) {
    const entry: ZipInputFile = {
      filename,
      size: data.length,
      crc: crc32(data),
      compression: 8,
      mtime: ZIP_MTIME,
    };
    zip.add(entry);
    entry.ondata!(null, deflateRawSync(data, { level: 6 }), true);
  }
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(chunks);
}

export function writeQti(atoms: InterchangeAtom[], questions: InterchangeQuestion[]): Buffer {
  const hrefs = questions.map((_, i) => `items/item-${String(i + 1).padStart(5, '0')}.xml`);
  const files: [string, Uint8Array][] = questions.map((q, i) => [hrefs[i], Buffer.from(itemXml(q), 'utf8')]);
  files.push(['imsmanifest.xml', Buffer.from(manifestXml(atoms, questions, hrefs), 'utf8')]);
  return zipFiles(files);
}
