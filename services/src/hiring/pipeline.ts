// One invitation's hiring pipeline (GET .../pipeline, PUT .../pipeline/stage, POST .../pipeline/notes,
// PUT .../pipeline/rating): the stage (a key of the company's list, stages.ts), the recruiters' notes and each
// recruiter's own rating. Always inside the scope's company (another company's invitation is the same
// 404 as an unknown one); every write is one conditional update on `pipeline_version` (the version the
// recruiter read: a stale one is 409, nothing is overwritten) and is recorded in the audit trail
// (entity 'invitation'). A stage change carries its `invitation.stage_changed` event in that same write
// (platform/models/pending-event.ts), so the company's webhook learns of it at least once. None of this is ever
// part of what the candidate sees (the quiz API never reads these fields).
import { Types } from 'mongoose';
import {
  FIRST_STAGE,
  PIPELINE_LIMITS,
  type PipelineStage,
  type PipelineStageDef,
  type PipelineView,
} from '@skillquiz/contracts';
import { auditUpdated, pendingEvent, type Events, badRequest, conflict } from '../platform';
import { Invitation, type InvitationDoc } from './models/invitation';
import { findScopedInvitation, type HiringScope } from './scope';
import { assertCompanyStage, stagesOfCompany } from './stages';

type PipelineFields = Pick<
  InvitationDoc,
  | '_id'
  | 'company'
  | 'stage'
  | 'stage_changed_at'
  | 'stage_changed_by'
  | 'notes'
  | 'ratings'
  | 'pipeline_version'
>;

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The stage as read: invitations stored before the pipeline existed are 'new'. */
export const stageOf = (inv: Pick<InvitationDoc, 'stage'>): PipelineStage => inv.stage ?? FIRST_STAGE;

/** The mean of the ratings to one decimal, null when nobody rated. */
export function meanRating(ratings: readonly { rating: number }[] | undefined): number | null {
  if (!ratings?.length) return null;
  return Math.round((ratings.reduce((s, r) => s + r.rating, 0) / ratings.length) * 10) / 10;
}

export function pipelineView(inv: PipelineFields, stages: readonly PipelineStageDef[]): PipelineView {
  const ratings = inv.ratings ?? [];
  return {
    invitation_id: String(inv._id),
    stage: stageOf(inv),
    stages: [...stages],
    stage_changed_at: iso(inv.stage_changed_at),
    stage_changed_by: inv.stage_changed_by ?? null,
    notes: (inv.notes ?? []).map((n) => ({
      id: String(n._id),
      author: n.author,
      at: new Date(n.at).toISOString(),
      text: n.text,
    })),
    ratings: ratings.map((r) => ({ author: r.author, rating: r.rating, at: new Date(r.at).toISOString() })),
    rating: meanRating(ratings),
    version: inv.pipeline_version ?? 0,
  };
}

/** The webhook event id of the stage change that made `version`: one per change, the same on every attempt. */
export const stageEventId = (invitationId: string, version: number) => `evt_${invitationId}_stage_${version}`;

/** What the `invitation.stage_changed` pending event carries (the webhook job builds its payload from it). */
export interface StageChangedData {
  event_id: string;
  invitation_id: string;
  company_id: string;
  from: PipelineStage;
  to: PipelineStage;
  by: string;
  occurred_at: string;
}

function stale(current: number | null) {
  return conflict(
    `This candidate's pipeline was changed by someone else${current !== null ? ` (now version ${current})` : ''}: reload it and make your change again`,
  );
}

/** `pipeline_version` as the conditional filter reads it (absent on older invitations: 0). */
const versionIs = (v: number) => ({ pipeline_version: v === 0 ? { $in: [0, null] } : v });

async function readScoped(scope: HiringScope, id: unknown, version: number): Promise<InvitationDoc> {
  const inv = await findScopedInvitation(scope, id);
  const current = inv.pipeline_version ?? 0;
  if (current !== version) throw stale(current);
  return inv;
}

/** Applies `update` if the invitation is still at `version`; the document after it, or a 409. */
async function writeAt(
  inv: InvitationDoc,
  version: number,
  update: Record<string, unknown>,
): Promise<InvitationDoc> {
  const after = await Invitation.findOneAndUpdate(
    { _id: inv._id, company: inv.company, ...versionIs(version) },
    { ...update, $set: { ...((update.$set as object) ?? {}), pipeline_version: version + 1 } },
    { returnDocument: 'after' },
  )
    .lean<InvitationDoc>()
    .exec();
  // Someone else wrote between the read and this write.
  if (!after) throw stale(null);
  return after;
}

/** The view with the invitation's company's stages (the picker's options). */
async function viewOf(inv: PipelineFields, stages?: readonly PipelineStageDef[]): Promise<PipelineView> {
  return pipelineView(inv, stages ?? (await stagesOfCompany(inv.company)));
}

export async function getPipeline(scope: HiringScope, id: unknown): Promise<PipelineView> {
  return viewOf(await findScopedInvitation(scope, id));
}

/** Moves the candidate to `stage`, its stage_changed event in the same write, then dispatches it. */
export async function setStage(
  scope: HiringScope,
  id: unknown,
  input: { stage: PipelineStage; version: number },
  events: Events,
): Promise<PipelineView> {
  // A stage the company does not have is bad input (400), whatever the version.
  const stages = await assertCompanyStage((await findScopedInvitation(scope, id)).company, input.stage);
  const inv = await readScoped(scope, id, input.version);
  const from = stageOf(inv);
  if (from === input.stage) return viewOf(inv, stages);
  const actor = scope.principal.user.email;
  const now = new Date();
  const invitationId = String(inv._id);
  const data: StageChangedData = {
    event_id: stageEventId(invitationId, input.version + 1),
    invitation_id: invitationId,
    company_id: String(inv.company),
    from,
    to: input.stage,
    by: actor,
    occurred_at: now.toISOString(),
  };
  const after = await writeAt(inv, input.version, {
    $set: { stage: input.stage, stage_changed_at: now, stage_changed_by: actor },
    $push: {
      pending_events: pendingEvent(
        'invitation.stage_changed',
        `invitation.stage_changed:${invitationId}:${input.version + 1}`,
        { ...data },
        now,
      ),
    },
  });
  await auditUpdated(actor, 'invitation', invitationId, { stage: from }, { stage: input.stage });
  await events.dispatch('invitations', inv._id);
  return viewOf(after, stages);
}

/** Appends a note by the signed-in recruiter. */
export async function addNote(
  scope: HiringScope,
  id: unknown,
  input: { text: string; version: number },
): Promise<PipelineView> {
  const inv = await readScoped(scope, id, input.version);
  if ((inv.notes?.length ?? 0) >= PIPELINE_LIMITS.NOTES_MAX)
    throw badRequest(`A candidate may hold at most ${PIPELINE_LIMITS.NOTES_MAX} notes`);
  const actor = scope.principal.user.email;
  const note = { _id: new Types.ObjectId(), author: actor, at: new Date(), text: input.text };
  const after = await writeAt(inv, input.version, { $push: { notes: note } });
  await auditUpdated(
    actor,
    'invitation',
    String(inv._id),
    { note: null },
    { note: { id: String(note._id), text: note.text } },
  );
  return viewOf(after);
}

/** Sets (or, with null, takes back) the signed-in recruiter's own rating; the mean follows. */
export async function setRating(
  scope: HiringScope,
  id: unknown,
  input: { rating: number | null; version: number },
): Promise<PipelineView> {
  const inv = await readScoped(scope, id, input.version);
  const actor = scope.principal.user.email;
  const others = (inv.ratings ?? []).filter((r) => r.author !== actor);
  const mine = (inv.ratings ?? []).find((r) => r.author === actor)?.rating ?? null;
  const ratings =
    input.rating === null ? others : [...others, { author: actor, rating: input.rating, at: new Date() }];
  const after = await writeAt(inv, input.version, { $set: { ratings, rating: meanRating(ratings) } });
  await auditUpdated(actor, 'invitation', String(inv._id), { rating: mine }, { rating: input.rating });
  return viewOf(after);
}
