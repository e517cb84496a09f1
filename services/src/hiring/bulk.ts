// Bulk invite (POST /api/hiring/invitations/bulk): CSV text or JSON rows of name, email, required
// atoms (and optionally optional atoms). Every row is checked first and its problems listed; with
// dry_run that list is the answer (the preview). Without it, every row is created, or none is while
// any row has a problem (400 with the same list). The rows go through createInvitations, which
// writes what createInvitation (the one rule every invitation is made by) writes, in batches.
import { atomically, type Config, type Events, HttpError, badRequest } from '../platform';
import { parse } from 'csv-parse/sync';
import {
  HIRING,
  SLUG_RE,
  type BulkCreatedResponse,
  type BulkInviteRow,
  type BulkPreviewResponse,
  type BulkRowResult,
  type ExtraTimePercent,
} from '@skillquiz/contracts';
import { z } from 'zod';
import { notTakeableMessage, untakeableAtoms } from './invitations/availability';
import { atomLists, checkedExpiry, createInvitations, parseExpiry, unknownAtoms } from './invitations';
import { Types } from 'mongoose';
import { Atom } from '../content';
import { Invitation } from './models/invitation';
import { deleteQuizzesOf } from '../quiz';
import { companyForWrite, type HiringScope } from './scope';
import { createdResponse } from './invite';

/** A row as read, before checking. */
export interface BulkRowInput {
  row: number;
  name: string;
  email: string;
  required: string[];
  optional: string[];
  /** Problems found while reading (e.g. too many columns). */
  problems: string[];
}

/** 'javascript; python' / 'javascript|python' / 'javascript python' / 'javascript,python' → slugs. */
export function splitAtoms(value: string | readonly string[] | undefined): string[] {
  const parts = Array.isArray(value) ? value : String(value ?? '').split(/[;|,\s]+/);
  return parts.map((s) => String(s).trim()).filter(Boolean);
}

const HEADER = {
  name: ['name', 'candidate_name', 'candidate name'],
  email: ['email', 'candidate_email', 'candidate email', 'e-mail'],
  atoms: ['atoms', 'required_atoms', 'required atoms', 'required'],
  optional: ['optional_atoms', 'optional atoms', 'optional'],
} as const;

/** Rows of CSV text. A first row naming the columns (name, email, atoms[, optional_atoms]) is a header. */
export function parseBulkCsv(text: string): BulkRowInput[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw badRequest(`The CSV could not be read: ${(err as Error).message}`);
  }
  const first = records[0]?.record.map((c) => c.toLowerCase());
  const col = { name: 0, email: 1, atoms: 2, optional: 3 };
  let width = 4;
  let start = 0;
  if (first && (HEADER.name as readonly string[]).includes(first[0] ?? '')) {
    const find = (names: readonly string[]) => first.findIndex((c) => names.includes(c));
    col.name = find(HEADER.name);
    col.email = find(HEADER.email);
    col.atoms = find(HEADER.atoms);
    col.optional = find(HEADER.optional);
    width = first.length;
    start = 1;
    const missing = (['email', 'atoms'] as const).filter((k) => col[k] < 0);
    if (missing.length) throw badRequest(`The CSV header has no ${missing.join(' or ')} column`);
  }
  return records.slice(start).map(({ record, info }) => {
    const cell = (i: number) => (i >= 0 ? (record[i] ?? '') : '');
    const problems: string[] = [];
    if (record.filter((c, i) => i >= width && c !== '').length > 0)
      problems.push(
        `this row has ${record.length} columns, more than the ${width} expected: put several atoms in one quoted cell, or separate them with ';'`,
      );
    return {
      row: info.lines,
      name: cell(col.name),
      email: cell(col.email),
      required: splitAtoms(cell(col.atoms)),
      optional: splitAtoms(cell(col.optional)),
      problems,
    };
  });
}

/** Rows given as JSON, numbered from 1. */
export function rowsFromJson(rows: readonly BulkInviteRow[]): BulkRowInput[] {
  return rows.map((r, i) => ({
    row: i + 1,
    name: r.candidate_name.trim(),
    email: r.candidate_email.trim(),
    required: splitAtoms(r.required_atoms),
    optional: splitAtoms(r.optional_atoms),
    problems: [],
  }));
}

const emailCheck = z.email();

/** Every row with its problems (an empty list: the row can be created). */
export async function checkBulkRows(rows: readonly BulkRowInput[]): Promise<BulkRowResult[]> {
  const slugs = new Set(rows.flatMap((r) => [...r.required, ...r.optional]).filter((s) => SLUG_RE.test(s)));
  const unknown = new Set(await unknownAtoms([...slugs]));
  const untakeable = new Map((await untakeableAtoms([...slugs])).map((a) => [a.id, a]));
  const firstRowOfEmail = new Map<string, number>();
  return rows.map((r) => {
    const errors = [...r.problems];
    const email = r.email.toLowerCase();
    if (!r.name) errors.push('name is missing');
    else if (r.name.length > HIRING.NAME_MAX)
      errors.push(`name is longer than ${HIRING.NAME_MAX} characters`);
    if (!email) errors.push('email is missing');
    else if (email.length > HIRING.EMAIL_MAX || !emailCheck.safeParse(email).success)
      errors.push(`'${r.email}' is not a valid email address`);
    else if (firstRowOfEmail.has(email)) errors.push(`the same email as row ${firstRowOfEmail.get(email)}`);
    else firstRowOfEmail.set(email, r.row);
    const { requiredAtoms, optionalAtoms } = atomLists(r.required, r.optional);
    if (requiredAtoms.length === 0) errors.push('no atom: name at least one required atom');
    const all = [...requiredAtoms, ...optionalAtoms];
    if (all.length > HIRING.ATOMS_MAX) errors.push(`more than ${HIRING.ATOMS_MAX} atoms`);
    const malformed = all.filter((s) => !SLUG_RE.test(s));
    if (malformed.length) errors.push(`not an atom id: ${malformed.join(', ')}`);
    const missing = all.filter((s) => unknown.has(s));
    if (missing.length) errors.push(`unknown atom${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
    for (const s of new Set(all)) {
      const a = untakeable.get(s);
      if (a) errors.push(notTakeableMessage(a));
    }
    return {
      row: r.row,
      candidate_name: r.name,
      candidate_email: email,
      required_atoms: requiredAtoms,
      optional_atoms: optionalAtoms,
      errors,
    };
  });
}

/** The 400 of a bulk invite with a bad row: nothing was created; every row's problems are listed. */
export class BulkRowsError extends HttpError {
  constructor(rows: BulkRowResult[]) {
    const bad = rows.filter((r) => r.errors.length);
    super(
      400,
      `${bad.length} of ${rows.length} rows ha${bad.length === 1 ? 's a problem' : 've problems'} ` +
        `(row${bad.length === 1 ? '' : 's'} ${bad.map((r) => r.row).join(', ')}); nothing was created`,
      { rows },
    );
  }
}

export interface BulkInput {
  csv?: string;
  rows?: BulkInviteRow[];
  expires_at?: string;
  extra_time_percent: number;
  dry_run: boolean;
}

/** Deletes what a bulk invite created before it failed, where the server has no transactions. */
async function undo(ids: readonly Types.ObjectId[]): Promise<void> {
  await deleteQuizzesOf(ids);
  await Invitation.deleteMany({ _id: { $in: ids } }).exec();
}

/** The preview (dry_run), or every row created (else 400 BulkRowsError, nothing created). */
export async function bulkInvite(
  scope: HiringScope,
  body: BulkInput,
  config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'isProduction'>,
  events?: Events,
  now = new Date(),
): Promise<BulkPreviewResponse | BulkCreatedResponse> {
  const company = companyForWrite(scope);
  const expiresAt = checkedExpiry(
    body.expires_at === undefined ? undefined : parseExpiry(body.expires_at),
    now,
  );
  const input = body.csv !== undefined ? parseBulkCsv(body.csv) : rowsFromJson(body.rows ?? []);
  if (input.length === 0) throw badRequest('There are no rows to invite');
  if (input.length > HIRING.BULK_MAX_ROWS)
    throw badRequest(`At most ${HIRING.BULK_MAX_ROWS} rows per bulk invite (this has ${input.length})`);
  const rows = await checkBulkRows(input);
  const valid = rows.every((r) => r.errors.length === 0);
  if (body.dry_run) return { valid, rows };
  if (!valid) throw new BulkRowsError(rows);

  // All rows or none: a transaction where the server has them, else what was created is deleted.
  // The rows are written in batches (createInvitations: one insert of quizzes and one of invitations
  // per batch, each invitation carrying its own email intent), then their intents dispatched together.
  let partial: Types.ObjectId[] = [];
  const created = await atomically(
    () =>
      createInvitations(
        rows.map((r) => ({
          company: new Types.ObjectId(company.id),
          requiredAtoms: r.required_atoms,
          optionalAtoms: r.optional_atoms,
          candidateName: r.candidate_name,
          candidateEmail: r.candidate_email,
          expiresAt,
          extraTimePercent: body.extra_time_percent as ExtraTimePercent,
          createdBy: scope.principal.user.email,
          mail: config,
        })),
        now,
        (ids) => (partial = ids),
      ),
    () => undo(partial),
  );
  // The reply does not wait for the jobs. Every invitation is stored with its email intent (above), so
  // its email is promised already; the jobs are enqueued right after, in the background (dispatchMany
  // logs a failure, and the reconciliation pass finishes what a failure or a crash leaves pending).
  // Waiting for 1,000 jobs (an email and a reminder a row) made a 500-row invite take many seconds.
  const queued = created.filter((c) => c.invitation.pending_events?.length).map((c) => c.invitation._id);
  if (events && queued.length) void events.dispatchMany('invitations', queued);
  const names = new Map(
    (
      await Atom.find({
        _id: { $in: [...new Set(rows.flatMap((r) => [...r.required_atoms, ...r.optional_atoms]))] },
      })
        .select({ name: 1 })
        .lean()
        .exec()
    ).map((a) => [a._id, a.name]),
  );
  return { created: created.map((c) => createdResponse(c, company, names, config.publicUrl, now)) };
}
