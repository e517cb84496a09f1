// The invitation's summary for the hiring pages: where the candidate stands (status, dates, the
// level of each finished atom), written onto the invitation itself whenever one of its quizzes
// changes state (lifecycle.ts), so the candidates list is a single indexed query on `invitations`
// with no look-up of quizzes per row.
//
// Statuses (one per invitation; each atom has its own with the same values):
//   revoked      the company revoked it (its quizzes expired then)
//   finished     every required atom's quiz is complete
//   abandoned    a required atom's quiz was abandoned (or its page closed and the candidate did not
//                come back within ABANDON_GRACE_MINUTES)
//   expired      a required atom's quiz expired unfinished (the invitation's expiry, or
//                QUIZ_EXPIRY_HOURS after its start)
//   in_progress  a quiz was started
//   invited      nothing started yet
// 'invited' and 'in_progress' change by time alone: the summary keeps the moment they would
// (`lapses_at`) and what they become (`lapses_to`), and readers of one invitation apply it
// (effectiveStatus); settleLapsedInvitations() writes those changes down in bulk (the expiry sweep,
// and the candidates list before a status filter), so the stored `status` is what the list filters on.
import type { InvitationStatus } from '@skillquiz/contracts';
import type { LevelThreshold } from '@skillquiz/adaptive';
import { Atom } from '../../content';
import { Invitation, type AtomProgressDoc, type InvitationDoc, type LapseTo } from '../models/invitation';
import { QuizResult, type QuizResultDoc } from '../../quiz';
import { atomOutcome, completedAt, isComplete } from './results';
import { atomMeets, meetsAll } from './bars';

/** The fields of the invitation this module owns. */
export type InvitationSummary = Pick<
  InvitationDoc,
  | 'status'
  | 'lapses_at'
  | 'lapses_to'
  | 'started_at'
  | 'finished_at'
  | 'progress'
  | 'has_level'
  | 'level_score'
  | 'simulated'
  | 'search_terms'
  | 'meets_all'
  | 'has_meets'
>;

export type SummaryQuiz = Pick<
  QuizResultDoc,
  | '_id'
  | 'atom_ids'
  | 'plan'
  | 'served'
  | 'started_at'
  | 'finished_at'
  | 'abandoned_at'
  | 'left_at'
  | 'expires_at'
  | 'created_at'
> &
  Partial<Pick<QuizResultDoc, 'simulated' | 'demo_data' | 'set_aside'>>;

export interface SummaryClock {
  now: Date;
  /** ABANDON_GRACE_MINUTES: a page-close older than this is an abandon. */
  abandonGraceMinutes: number;
}

const OPEN: ReadonlySet<InvitationStatus> = new Set(['invited', 'in_progress']);

/** A recorded state as it reads at `now`: an open one whose deadline has passed becomes `lapses_to`. */
export function effectiveStatus(
  s: {
    state?: InvitationStatus;
    status?: InvitationStatus;
    lapses_at: Date | null;
    lapses_to: LapseTo | null;
  },
  now: Date,
): InvitationStatus {
  const state = (s.status ?? s.state ?? 'invited') as InvitationStatus;
  if (OPEN.has(state) && s.lapses_at && s.lapses_to && s.lapses_at.getTime() <= now.getTime())
    return s.lapses_to;
  return state;
}

/**
 * Lowercase words a search term may start: each word of the name (also split at hyphens and
 * apostrophes), the whole email, its local part, its domain and '@domain'.
 */
export function searchTerms(name: string | null, email: string | null): string[] {
  const terms = new Set<string>();
  for (const word of (name ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    terms.add(word);
    for (const part of word.split(/[-'’.]+/).filter(Boolean)) terms.add(part);
  }
  const e = (email ?? '').trim().toLowerCase();
  if (e) {
    terms.add(e);
    const at = e.lastIndexOf('@');
    if (at > 0) {
      terms.add(e.slice(0, at));
      terms.add(e.slice(at + 1));
      terms.add(e.slice(at));
    }
  }
  return [...terms];
}

/** The quiz standing for `atomId`: a complete one (the latest), else the newest issued. */
export function quizFor<Q extends SummaryQuiz>(atomId: string, quizzes: readonly Q[]): Q | undefined {
  const mine = quizzes.filter((q) => (q.atom_ids ?? []).includes(atomId));
  const complete = mine.filter((q) => isComplete(q));
  const pool = complete.length ? complete : mine;
  return pool.reduce<Q | undefined>((best, q) => {
    if (!best) return q;
    const t = (x: SummaryQuiz) => (completedAt(x) ?? x.created_at ?? new Date(0)).getTime();
    return t(q) >= t(best) ? q : best;
  }, undefined);
}

interface Deadline {
  at: Date;
  to: LapseTo;
}

function earliest(a: Deadline | null, b: Deadline | null): Deadline | null {
  if (!a) return b;
  if (!b) return a;
  return b.at.getTime() < a.at.getTime() ? b : a;
}

/** One atom's progress from its quiz (see the statuses above). */
export function atomProgress(
  atomId: string,
  required: boolean,
  quiz: SummaryQuiz | undefined,
  invitation: Pick<InvitationDoc, 'revoked_at' | 'expires_at'>,
  thresholds: readonly LevelThreshold[] | null | undefined,
  clock: SummaryClock,
  bar: number | null = null,
): AtomProgressDoc {
  const base: AtomProgressDoc = {
    atom_id: atomId,
    required,
    state: 'invited',
    lapses_at: null,
    lapses_to: null,
    started_at: quiz?.started_at ?? null,
    finished_at: null,
    level: null,
    estimate: null,
    error: null,
    bar,
    meets: null,
  };
  if (quiz && isComplete(quiz)) {
    const outcome = atomOutcome(quiz, atomId, thresholds);
    return {
      ...base,
      state: 'finished',
      finished_at: completedAt(quiz),
      level: outcome?.level ?? null,
      estimate: outcome?.estimate ?? null,
      error: outcome?.error ?? null,
      meets: atomMeets(bar, outcome?.probabilities),
    };
  }
  if (invitation.revoked_at) return { ...base, state: 'revoked' };
  if (!quiz) {
    // No quiz for this atom (not issued): it lives and dies with the invitation's expiry.
    const exp = invitation.expires_at;
    if (exp && exp.getTime() <= clock.now.getTime()) return { ...base, state: 'expired' };
    return { ...base, lapses_at: exp ?? null, lapses_to: exp ? 'expired' : null };
  }
  if (quiz.abandoned_at) return { ...base, state: 'abandoned' };
  let deadline: Deadline | null = quiz.expires_at ? { at: quiz.expires_at, to: 'expired' } : null;
  if (quiz.left_at)
    deadline = earliest(deadline, {
      at: new Date(quiz.left_at.getTime() + clock.abandonGraceMinutes * 60_000),
      to: 'abandoned',
    });
  const state: InvitationStatus = quiz.started_at ? 'in_progress' : 'invited';
  if (deadline && deadline.at.getTime() <= clock.now.getTime()) return { ...base, state: deadline.to };
  return { ...base, state, lapses_at: deadline?.at ?? null, lapses_to: deadline?.to ?? null };
}

/** Estimates are clamped to this before they enter the level sort's key (theta lives in about ±6). */
const ESTIMATE_CLAMP = 100;
/**
 * Weight of the mean level in the key: two different means of at most HIRING.ATOMS_MAX (20) levels
 * differ by at least 1/20, which weighs 500 here, more than any two clamped estimates differ.
 */
const LEVEL_WEIGHT = 10_000;

/**
 * The level sort's key: the mean of the levels shown (the most probable level of each finished
 * atom), then the mean estimate, so the order never disagrees with the labels: an L2 with a low
 * estimate still ranks above an L1 with a higher one (a wide posterior can make that happen).
 * null without any level.
 */
export function levelScore(progress: readonly Pick<AtomProgressDoc, 'level' | 'estimate'>[]): number | null {
  const leveled = progress.filter((p) => p.level != null);
  if (!leveled.length) return null;
  const meanLevel = leveled.reduce((s, p) => s + p.level!, 0) / leveled.length;
  const estimates = leveled.filter((p) => p.estimate != null);
  const meanEstimate = estimates.length
    ? estimates.reduce((s, p) => s + p.estimate!, 0) / estimates.length
    : 0;
  const clamped = Math.max(-ESTIMATE_CLAMP, Math.min(ESTIMATE_CLAMP, meanEstimate));
  return meanLevel * LEVEL_WEIGHT + clamped;
}

/** The summary of `invitation` from its quizzes (pure; see the statuses above). */
export function summarizeInvitation(
  invitation: Pick<
    InvitationDoc,
    'required_atoms' | 'optional_atoms' | 'revoked_at' | 'expires_at' | 'candidate_name' | 'candidate_email'
  > &
    Partial<Pick<InvitationDoc, 'bars'>>,
  quizzes: readonly SummaryQuiz[],
  thresholds: ReadonlyMap<string, readonly LevelThreshold[] | null>,
  clock: SummaryClock,
): InvitationSummary {
  const required = invitation.required_atoms ?? [];
  const optional = (invitation.optional_atoms ?? []).filter((a) => !required.includes(a));
  const bars = new Map((invitation.bars ?? []).map((b) => [b.atom_id, b.level]));
  const progress = [
    ...required.map((a) => ({ atom: a, required: true })),
    ...optional.map((a) => ({ atom: a, required: false })),
  ].map(({ atom, required: req }) =>
    atomProgress(
      atom,
      req,
      quizFor(atom, quizzes),
      invitation,
      thresholds.get(atom),
      clock,
      bars.get(atom) ?? null,
    ),
  );
  const req = progress.filter((p) => p.required);
  const meets = meetsAll(progress.map((p) => ({ bar: p.bar ?? null, meets: p.meets ?? null })));
  const started = quizzes.map((q) => q.started_at).filter((d): d is Date => d != null);
  const startedAt = started.length ? new Date(Math.min(...started.map((d) => d.getTime()))) : null;

  let status: InvitationStatus;
  let deadline: Deadline | null = null;
  let finishedAt: Date | null = null;
  if (req.length > 0 && req.every((p) => p.state === 'finished')) {
    status = 'finished';
    finishedAt = new Date(Math.max(...req.map((p) => p.finished_at?.getTime() ?? 0)));
  } else if (invitation.revoked_at) status = 'revoked';
  else if (req.some((p) => p.state === 'abandoned')) status = 'abandoned';
  else if (req.some((p) => p.state === 'expired')) status = 'expired';
  else {
    status = startedAt ? 'in_progress' : 'invited';
    for (const p of req)
      if (p.lapses_at && p.lapses_to) deadline = earliest(deadline, { at: p.lapses_at, to: p.lapses_to });
  }

  return {
    status,
    lapses_at: deadline?.at ?? null,
    lapses_to: deadline?.to ?? null,
    started_at: startedAt,
    finished_at: finishedAt,
    progress,
    has_level: progress.some((p) => p.level != null),
    level_score: levelScore(progress),
    simulated: quizzes.some((q) => q.simulated === true || q.demo_data === true),
    search_terms: searchTerms(invitation.candidate_name, invitation.candidate_email),
    meets_all: meets,
    has_meets: meets !== null,
  };
}

/** What summarizeInvitation reads of each quiz (the report reads these and more). */
export const SUMMARY_QUIZ_FIELDS = {
  atom_ids: 1,
  plan: 1,
  served: 1,
  started_at: 1,
  finished_at: 1,
  abandoned_at: 1,
  left_at: 1,
  expires_at: 1,
  created_at: 1,
  simulated: 1,
  demo_data: 1,
  set_aside: 1,
} as const;

/** Reads an invitation's quizzes as the summary needs them (one indexed query). */
export async function quizzesOf(invitationId: InvitationDoc['_id']): Promise<SummaryQuiz[]> {
  return QuizResult.find({ invitation: invitationId })
    .select(SUMMARY_QUIZ_FIELDS)
    .lean<SummaryQuiz[]>()
    .exec();
}

/** The quizzes of several invitations in one read, by invitation id (each in quizzesOf's order). */
export async function quizzesOfInvitations(
  invitationIds: readonly InvitationDoc['_id'][],
): Promise<Map<string, SummaryQuiz[]>> {
  const byInvitation = new Map<string, SummaryQuiz[]>();
  if (!invitationIds.length) return byInvitation;
  const quizzes = await QuizResult.find({ invitation: { $in: [...invitationIds] } })
    .select({ ...SUMMARY_QUIZ_FIELDS, invitation: 1 })
    .lean<(SummaryQuiz & { invitation: InvitationDoc['_id'] })[]>()
    .exec();
  for (const { invitation, ...q } of quizzes) {
    const key = String(invitation);
    const list = byInvitation.get(key);
    if (list) list.push(q as SummaryQuiz);
    else byInvitation.set(key, [q as SummaryQuiz]);
  }
  return byInvitation;
}

/** The levels thresholds of these atoms (null: the default set). */
export async function thresholdsOf(
  atomIds: readonly string[],
): Promise<Map<string, LevelThreshold[] | null>> {
  const atoms = await Atom.find({ _id: { $in: [...atomIds] } })
    .select({ levels_thresholds: 1 })
    .lean()
    .exec();
  return new Map(
    atoms.map((a) => [
      a._id,
      a.levels_thresholds?.length === 5 ? (a.levels_thresholds as LevelThreshold[]) : null,
    ]),
  );
}

/** A lost race re-reads this many times before giving up (the next change summarises again). */
const MAX_ATTEMPTS = 5;

/**
 * Recomputes and stores the summary of one invitation from its quizzes. The write is conditional
 * on `summary_rev` as read before the quizzes were, so of two concurrent refreshes the one that
 * read older quizzes loses and tries again: the stored summary is never older than a quiz change
 * that asked for it. Returns the stored summary, or null when the invitation does not exist.
 */
export async function refreshInvitationSummary(
  invitationId: InvitationDoc['_id'] | string,
  clock: SummaryClock,
): Promise<InvitationSummary | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const inv = await Invitation.findById(invitationId)
      .select({
        required_atoms: 1,
        optional_atoms: 1,
        revoked_at: 1,
        expires_at: 1,
        candidate_name: 1,
        candidate_email: 1,
        bars: 1,
        summary_rev: 1,
      })
      .lean()
      .exec();
    if (!inv) return null;
    const [quizzes, thresholds] = await Promise.all([
      quizzesOf(inv._id),
      thresholdsOf([...(inv.required_atoms ?? []), ...(inv.optional_atoms ?? [])]),
    ]);
    const summary = summarizeInvitation(inv, quizzes, thresholds, clock);
    const rev = inv.summary_rev ?? 0;
    const res = await Invitation.updateOne(
      { _id: inv._id, summary_rev: rev === 0 ? { $in: [0, null] } : rev },
      { $set: { ...summary, summary_rev: rev + 1 } },
    ).exec();
    if (res.matchedCount === 1) return summary;
  }
  return null;
}

/**
 * Writes down the open invitations whose deadline has passed (status → expired / abandoned), in
 * bulk: the expiry sweep (every minute, all companies) and the candidates list before it filters
 * by status (one company, hiring/list.ts), so that filter is the stored status alone, an index
 * range, and still agrees with effectiveStatus at `now`. Each of the four updates is a date range
 * after pinned fields ({ company, status, lapses_to, lapses_at, _id }; { status, lapses_at } for all
 * companies), usually empty. Returns how many changed.
 */
export async function settleLapsedInvitations(
  now = new Date(),
  company?: InvitationDoc['company'],
): Promise<number> {
  // one update per (status, lapses_to): each pins every field before the date, so it is one range
  const changed = await Promise.all(
    (['invited', 'in_progress'] as const).flatMap((status) =>
      (['expired', 'abandoned'] as const).map(async (to) => {
        const res = await Invitation.updateMany(
          { ...(company ? { company } : {}), status, lapses_to: to, lapses_at: { $lte: now } },
          { $set: { status: to, lapses_at: null, lapses_to: null } },
        ).exec();
        return res.modifiedCount;
      }),
    ),
  );
  return changed.reduce((a, b) => a + b, 0);
}
