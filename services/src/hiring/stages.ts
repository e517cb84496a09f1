// A company's pipeline stages (GET/PUT /api/hiring/settings/stages): its own ordered list of
// { key, label }, the default set (contracts DEFAULT_PIPELINE_STAGES) until it saves one. Keys are
// stable (a rename changes the label, a move the order), so the list's stage filter, the CSV and
// webhook receivers keep naming the same stage; a new stage's key is made from its label. A stage
// that candidates are in is not removed: 409 saying how many and where, until they are moved. Every
// save is one update conditional on the version the page read (409 when stale) and is audited
// (entity 'company').
import {
  DEFAULT_PIPELINE_STAGES,
  FIRST_STAGE,
  STAGE_LIMITS,
  type CompanyStages,
  type CompanyStagesUpdate,
  type PipelineStageDef,
} from '@skillquiz/contracts';
import { Types } from 'mongoose';
import { auditUpdated, badRequest, conflict, notFound } from '../platform';
import { Company } from './models/company';
import { Invitation } from './models/invitation';
import { slugify } from './invitations/companies';

/** The company's stages in order (the default set when it never saved its own). */
export async function stagesOfCompany(companyId: string | Types.ObjectId): Promise<PipelineStageDef[]> {
  const c = await Company.findById(companyId).select({ pipeline_stages: 1 }).lean().exec();
  return listOf(c?.pipeline_stages);
}

const listOf = (stored: readonly PipelineStageDef[] | null | undefined): PipelineStageDef[] =>
  (stored?.length ? stored : DEFAULT_PIPELINE_STAGES).map((s) => ({ key: s.key, label: s.label }));

/** Candidates in each stage of the company; 'new' counts those nobody has moved yet (no stage). */
async function countsOf(companyId: Types.ObjectId, keys: readonly string[]): Promise<Map<string, number>> {
  const counts = await Promise.all(
    keys.map((key) =>
      Invitation.countDocuments({
        company: companyId,
        stage: key === FIRST_STAGE ? { $in: [FIRST_STAGE, null] } : key,
      }).exec(),
    ),
  );
  return new Map(keys.map((k, i) => [k, counts[i]]));
}

async function load(companyId: string) {
  const c = await Company.findById(companyId)
    .select({ pipeline_stages: 1, pipeline_stages_version: 1 })
    .lean()
    .exec();
  if (!c) throw notFound('Company not found');
  return c;
}

export async function getStages(companyId: string): Promise<CompanyStages> {
  const c = await load(companyId);
  const stages = listOf(c.pipeline_stages);
  const counts = await countsOf(
    c._id,
    stages.map((s) => s.key),
  );
  return {
    stages: stages.map((s) => ({ ...s, candidates: counts.get(s.key) ?? 0 })),
    version: c.pipeline_stages_version ?? 0,
  };
}

/** A key from a label: lowercase words joined by dashes, unique among `taken` (a -2, -3 … suffix). */
export function keyFor(label: string, taken: ReadonlySet<string>): string {
  const base = slugify(label, STAGE_LIMITS.KEY_MAX, 'stage');
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  return key;
}

const stale = (current: number) =>
  conflict(
    `The stages were changed by someone else (now version ${current}): reload them and make your change again`,
  );

/** Saves the company's list (validated by CompanyStagesUpdateSchema): renames, moves, new and removed stages. */
export async function saveStages(
  companyId: string,
  input: { stages: CompanyStagesUpdate['stages']; version: number },
  actor: string,
): Promise<CompanyStages> {
  const c = await load(companyId);
  const version = c.pipeline_stages_version ?? 0;
  if (version !== input.version) throw stale(version);
  const before = listOf(c.pipeline_stages);
  const known = new Set(before.map((s) => s.key));
  for (const s of input.stages)
    if (s.key !== undefined && !known.has(s.key))
      throw badRequest(`There is no stage with the key ${s.key}: leave the key out to add a new stage`);
  // New stages take keys no current stage has (one removed by an earlier save may come back: nobody was in it).
  const taken = new Set(input.stages.flatMap((s) => (s.key ? [s.key] : [])));
  const after: PipelineStageDef[] = input.stages.map((s) => {
    if (s.key) return { key: s.key, label: s.label };
    const key = keyFor(s.label, new Set([...taken, ...known]));
    taken.add(key);
    return { key, label: s.label };
  });
  const removed = before.filter((s) => !taken.has(s.key));
  if (removed.length) {
    const counts = await countsOf(
      c._id,
      removed.map((s) => s.key),
    );
    const inUse = removed.filter((s) => (counts.get(s.key) ?? 0) > 0);
    if (inUse.length)
      throw conflict(
        `${inUse.map((s) => `${s.label} has ${counts.get(s.key)} candidate${counts.get(s.key) === 1 ? '' : 's'}`).join('; ')}: move them to another stage before removing it`,
      );
  }
  const res = await Company.updateOne(
    { _id: c._id, pipeline_stages_version: version === 0 ? { $in: [0, null] } : version },
    { $set: { pipeline_stages: after, pipeline_stages_version: version + 1 } },
  ).exec();
  if (res.matchedCount !== 1) throw stale((await load(companyId)).pipeline_stages_version ?? 0);
  await auditUpdated(
    actor,
    'company',
    companyId,
    { pipeline_stages: before.map((s) => `${s.key}:${s.label}`).join(', ') },
    { pipeline_stages: after.map((s) => `${s.key}:${s.label}`).join(', ') },
  );
  return getStages(companyId);
}

/** A 400 unless `stage` is one of the company's stages (a stage change's check). */
export async function assertCompanyStage(
  companyId: Types.ObjectId,
  stage: string,
): Promise<PipelineStageDef[]> {
  const stages = await stagesOfCompany(companyId);
  if (!stages.some((s) => s.key === stage))
    throw badRequest(`stage is one of ${stages.map((s) => s.key).join(', ')}`);
  return stages;
}
