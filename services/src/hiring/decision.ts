// The decision view of one invitation (GET /api/hiring/invitations/{id}/decision) and the comparison
// of up to four candidates of one role (GET /api/hiring/roles/{id}/compare): per atom the
// probability of meeting the bar the invitation was sent with, the percentile at the ends of the
// posterior's central 80% interval (and how many finished candidates it rests on), per topic how the
// candidate did against what the 2PL predicts at their estimate, the integrity counts and the time
// used. Read from the quizzes' snapshots like the report; never a question's text or answers.
import {
  DEFAULT_LEVELS_THRESHOLDS,
  PERCENTILE_INTERVAL_MASS,
  type CompareResponse,
  type Decision,
  type DecisionAtom,
} from '@skillquiz/contracts';
import {
  claimFits,
  levelProbabilities,
  meetsFromLevelProbabilities,
  posteriorFromResponses,
  posteriorInterval,
  summarizePosterior,
  type LevelThreshold,
} from '@skillquiz/adaptive';
import { type Config, notFound } from '../platform';
import { clockOf } from './invitations/lifecycle';
import { percentileOf } from './invitations/norms';
import { mostLikelyLevel } from './invitations/results';
import { meetsAll } from './invitations/bars';
import { quizFor, summarizeInvitation } from './invitations/summary';
import { Atom, type AtomDoc } from '../content';
import { type InvitationDoc, Invitation } from './models/invitation';
import { QuizResult, type QuizResultDoc, TrackingEvent } from '../quiz';
import { integrityReport, REPORT_QUIZ_FIELDS } from './report';
import { findScopedRole } from './roles';
import { companyFilter, findScopedInvitation, parseInvitationId, type HiringScope } from './scope';

type Clock = Pick<Config, 'abandonGraceMinutes'>;

const thresholdsOf = (a: Pick<AtomDoc, 'levels_thresholds'> | undefined): LevelThreshold[] =>
  (a?.levels_thresholds?.length === 5
    ? a.levels_thresholds
    : [...DEFAULT_LEVELS_THRESHOLDS]) as LevelThreshold[];

/** One atom's decision from its quiz's scored answers. */
async function decisionAtom(
  atomId: string,
  required: boolean,
  atom: AtomDoc | undefined,
  quiz: QuizResultDoc | undefined,
  finished: boolean,
  bar: number | null,
  timeUsed: number | null,
): Promise<DecisionAtom> {
  const empty: DecisionAtom = {
    atom_id: atomId,
    atom_name: atom?.name ?? atomId,
    required,
    bar,
    meets: null,
    level: null,
    level_probabilities: null,
    estimate: null,
    error: null,
    percentile_interval: null,
    topics: [],
    time_used_seconds: timeUsed,
  };
  const responses = (quiz?.served ?? [])
    .filter((q) => q.atom_id === atomId && q.scored !== false && q.answered_at != null)
    .map((q) => ({
      a: q.snapshot.difficulty_params.a,
      d: q.snapshot.difficulty_params.d,
      correct: q.correct === true,
      claim: q.snapshot.claim ?? null,
    }));
  if (!finished || responses.length === 0) return empty;
  const posterior = posteriorFromResponses(responses);
  const { estimate, error } = summarizePosterior(posterior);
  const probabilities = levelProbabilities(posterior, thresholdsOf(atom));
  const interval = posteriorInterval(posterior, PERCENTILE_INTERVAL_MASS);
  const [low, high] = await Promise.all([
    percentileOf(atomId, interval.low),
    percentileOf(atomId, interval.high),
  ]);
  return {
    ...empty,
    meets: bar ? meetsFromLevelProbabilities(probabilities, bar) : null,
    level: mostLikelyLevel(probabilities),
    level_probabilities: probabilities,
    estimate,
    error,
    percentile_interval:
      low.value !== null && high.value !== null
        ? { low: low.value, high: high.value, mass: interval.mass, among: high.among }
        : null,
    topics: claimFits(responses, estimate).map(({ z: _z, ...fit }) => fit),
  };
}

/** The decision view of an invitation already found inside the scope. */
export async function decisionOf(inv: InvitationDoc, config: Clock, now = new Date()): Promise<Decision> {
  const atomIds = [...(inv.required_atoms ?? []), ...(inv.optional_atoms ?? [])];
  const [quizzes, atomDocs] = await Promise.all([
    QuizResult.find({ invitation: inv._id }).select(REPORT_QUIZ_FIELDS).lean<QuizResultDoc[]>().exec(),
    Atom.find({ _id: { $in: atomIds } })
      .select({ name: 1, levels_thresholds: 1 })
      .lean<AtomDoc[]>()
      .exec(),
  ]);
  const atoms = new Map(atomDocs.map((a) => [a._id, a]));
  const thresholds = new Map(atomIds.map((a) => [a, thresholdsOf(atoms.get(a))]));
  const summary = summarizeInvitation(inv, quizzes, thresholds, clockOf(config, now));
  const bars = new Map((inv.bars ?? []).map((b) => [b.atom_id, b.level]));
  const decided = await Promise.all(
    summary.progress.map((p) => {
      const used =
        p.started_at && p.finished_at
          ? Math.round((p.finished_at.getTime() - p.started_at.getTime()) / 1000)
          : null;
      return decisionAtom(
        p.atom_id,
        p.required,
        atoms.get(p.atom_id),
        quizFor(p.atom_id, quizzes),
        p.state === 'finished',
        bars.get(p.atom_id) ?? null,
        used,
      );
    }),
  );
  const events = quizzes.length
    ? await TrackingEvent.find({ token: { $in: quizzes.map((q) => q.token) } })
        .select({ token: 1, questionId: 1, event: 1, eventDetails: 1, at: 1, client_at: 1 })
        .lean()
        .exec()
    : [];
  const integrity = integrityReport(
    events as never,
    new Map(quizzes.map((q) => [q.token, q.atom_ids?.[0] ?? ''])),
  );
  return {
    invitation_id: String(inv._id),
    candidate_name: inv.candidate_name ?? null,
    role_id: inv.role ? String(inv.role) : null,
    status: summary.status,
    atoms: decided,
    meets_all: meetsAll(decided.map((a) => ({ bar: a.bar, meets: a.meets }))),
    integrity: { ...integrity.counts, time_away_seconds: integrity.time_away_seconds },
  };
}

export async function invitationDecision(scope: HiringScope, id: unknown, config: Clock): Promise<Decision> {
  return decisionOf(await findScopedInvitation(scope, id), config);
}

/**
 * Up to four candidates of one role side by side. The role and every invitation must be inside the
 * scope and the invitations of that role: anything else is 404, as if it did not exist.
 */
export async function compareCandidates(
  scope: HiringScope,
  roleId: unknown,
  ids: readonly string[],
  config: Clock,
): Promise<CompareResponse> {
  const role = await findScopedRole(scope, roleId);
  const wanted = [...new Set(ids)].map((id) => parseInvitationId(id)!);
  const invs = await Invitation.find({ _id: { $in: wanted }, ...companyFilter(scope), role: role._id })
    .lean<InvitationDoc[]>()
    .exec();
  if (invs.length !== wanted.length) throw notFound('Invitation not found in this role');
  const byId = new Map(invs.map((i) => [String(i._id), i]));
  const candidates = await Promise.all(wanted.map((id) => decisionOf(byId.get(String(id))!, config)));
  return { role: { id: String(role._id), name: role.name }, candidates };
}
