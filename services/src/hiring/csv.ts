// The CSV export (GET /api/hiring/invitations.csv): the list's filters and order, one row per
// invitation and atom (INVITATION_CSV_COLUMNS), streamed from a cursor through csv-stringify, so a
// company with 100,000 invitations is never held in memory. Written by the product's one CSV writer
// (platform/http/csv.ts), which escapes every cell a spreadsheet would run as a formula, since names and
// emails come from outside; a byte-order mark lets spreadsheet programs read UTF-8 names.
import { Readable } from 'node:stream';
import {
  DEFAULT_PIPELINE_STAGES,
  INVITATION_CSV_COLUMNS,
  stageLabel,
  type CompanyRef,
  type PipelineStageDef,
} from '@skillquiz/contracts';
import { csvStream } from '../platform';
import { Atom } from '../content';
import { Company } from './models/company';
import { Invitation, type InvitationDoc } from './models/invitation';
import { companyRef } from './invitations/companies';
import { effectiveStatus } from './invitations/summary';
import { listFilter, listSort, ROW_FIELDS, settleForList, type ListQuery } from './list';
import type { HiringScope } from './scope';
import { progressOf } from './views';

type CsvRow = Record<(typeof INVITATION_CSV_COLUMNS)[number], string | number | null>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const round = (x: number | null) => (x == null ? '' : Math.round(x * 1000) / 1000);

/** The CSV's label column: 'Demo', 'Simulated' (both: 'Demo, Simulated') or '' for a real candidate. */
export function labelOf(inv: Pick<InvitationDoc, 'demo' | 'simulated'>): string {
  return [inv.demo ? 'Demo' : '', inv.simulated ? 'Simulated' : ''].filter(Boolean).join(', ');
}

/** The CSV rows of one invitation: one per atom, required atoms first. */
export function csvRows(
  inv: InvitationDoc,
  company: CompanyRef | undefined,
  names: ReadonlyMap<string, string>,
  now: Date,
  /** The invitation's company's stages (the stage column is their label). */
  stages: readonly PipelineStageDef[] = DEFAULT_PIPELINE_STAGES,
): CsvRow[] {
  const status = effectiveStatus(
    { status: inv.status, lapses_at: inv.lapses_at ?? null, lapses_to: inv.lapses_to ?? null },
    now,
  );
  return progressOf(inv).map((p) => {
    const finished = p.state === 'finished';
    return {
      invitation_id: String(inv._id),
      candidate_name: inv.candidate_name ?? '',
      candidate_email: inv.candidate_email ?? '',
      company: company?.name ?? '',
      status,
      invited_at: iso(inv.created_at),
      expires_at: iso(inv.expires_at),
      extra_time_percent: inv.extra_time_percent ?? 0,
      atom: names.get(p.atom_id) ?? p.atom_id,
      atom_required: p.required ? 'yes' : 'no',
      atom_status: effectiveStatus(p, now),
      level: finished && p.level != null ? `L${p.level}` : '',
      estimate: finished ? round(p.estimate) : '',
      error: finished ? round(p.error) : '',
      atom_finished_at: iso(p.finished_at),
      label: labelOf(inv),
      stage: stageLabel(stages, inv.stage),
      rating: inv.rating ?? '',
    };
  });
}

/** A file name for the export: candidates-<company slug or all>-<date>.csv. */
export function csvFileName(scope: HiringScope, now: Date): string {
  return `candidates-${scope.company?.slug ?? 'all-companies'}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The export as a stream of CSV text (the header row first). */
export async function exportInvitationsCsv(
  scope: HiringScope,
  query: Omit<ListQuery, 'page'>,
  now = new Date(),
): Promise<Readable> {
  // Atoms and companies are few: read once, not per row.
  const [atoms, companies] = await Promise.all([
    Atom.find({}).select({ name: 1 }).lean().exec(),
    Company.find(scope.company ? { _id: scope.company.id } : {})
      .select({ name: 1, slug: 1, pipeline_stages: 1 })
      .lean()
      .exec(),
  ]);
  const names = new Map(atoms.map((a) => [a._id, a.name]));
  const companyById = new Map(companies.map((c) => [String(c._id), companyRef(c)]));
  const stagesById = new Map(
    companies.map((c) => [
      String(c._id),
      c.pipeline_stages?.length ? c.pipeline_stages : DEFAULT_PIPELINE_STAGES,
    ]),
  );
  await settleForList(scope, query, now);
  const cursor = Invitation.find(listFilter(scope, query))
    .select(ROW_FIELDS)
    .sort(listSort(query.sort))
    .lean<InvitationDoc[]>()
    .cursor();
  async function* rows() {
    for await (const inv of cursor as AsyncIterable<InvitationDoc>)
      yield* csvRows(
        inv,
        scope.company ?? companyById.get(String(inv.company)),
        names,
        now,
        stagesById.get(String(inv.company)),
      );
  }
  const stringifier = csvStream({ header: true, columns: [...INVITATION_CSV_COLUMNS], bom: true });
  const source = Readable.from(rows());
  source.on('error', (err) => stringifier.destroy(err));
  return source.pipe(stringifier);
}
