// The statistical integrity signals of one invitation's quizzes (GET /api/hiring/invitations/:id/integrity),
// per atom: the candidate's answers as served (the 2PL parameters they were served with, from the quiz's
// snapshot), their times, and the atom's time model; item-analysis candidateSignals does the statistics.
// Inside the hiring scope like the report: another company's invitation is 404.
import type { AtomIntegrity, IntegritySignal, InvitationIntegrityResponse } from '@skillquiz/contracts';
import {
  HONEST_RATES,
  MIN_TIMED_ANSWERS,
  SIGNAL_CUTOFFS,
  candidateSignals,
  effortModeratedEstimate,
  type CandidateSignals,
  type IntegrityAnswer,
} from '@skillquiz/item-analysis';
import { Atom, atomTimeModel, type TimeModelCache } from '../../content';
import { type InvitationDoc } from '../models/invitation';
import { QuizResult, type QuizResultDoc, type ServedQuestionDoc } from '../../quiz';
import { findScopedInvitation, type HiringScope } from '../scope';

/** A rate as the report words it: 0.004 -> 'about 1 in 250' (rounded to a readable number). */
export function oneInWords(rate: number): string {
  const n = 1 / Math.max(rate, 1e-4);
  const steps = [10, 20, 25, 50, 100, 150, 200, 250, 300, 400, 500, 1000, 2000, 5000, 10000];
  const nearest = steps.reduce((best, x) =>
    Math.abs(Math.log(x / n)) < Math.abs(Math.log(best / n)) ? x : best,
  );
  return `about 1 in ${nearest.toLocaleString('en')}`;
}

export const HOW_COMPUTED = [
  'Each question has a time model learned from the answers of earlier candidates (real candidates only; ' +
    'at least ' +
    MIN_TIMED_ANSWERS +
    ' timed answers): how long it usually takes and how much that varies. Each candidate has a pace ' +
    'measured from their own answers, so a slow or fast person is compared with themselves.',
  'Fast and correct on hard questions: answers much quicker than this candidate’s own pace (on the ' +
    'answers they got wrong) predicts, that are right on questions that were not easy for them. ' +
    'Knowing a question beforehand looks like this; so can a lucky recognition.',
  'Very quick answers: under a tenth of the time the question usually takes (at most 10 seconds), ' +
    'faster than reading it. Guessing in a hurry looks like this, for example when time runs out.',
  'Unusual pattern: right on hard questions and wrong on easy ones, measured by the lz* person-fit ' +
    'index of the answers under the scoring model.',
  'Each is raised only when candidates who work honestly show it rarely (the rate is given with it, ' +
    'measured on simulated honest candidates). None of them is proof: they are reasons to look at the ' +
    'answers, or to talk to the candidate.',
];

const oneIn = (rate: number) => {
  const words = oneInWords(rate);
  return `${words[0].toUpperCase()}${words.slice(1)} candidates who work honestly shows this.`;
};

const list = (numbers: number[]) =>
  numbers.length === 1 ? `question ${numbers[0]}` : `questions ${numbers.join(', ')}`;

function answersOf(
  quiz: QuizResultDoc,
  atom: string,
  items: Map<number, { beta: number; alpha: number; n: number }>,
): IntegrityAnswer[] {
  return (quiz.served ?? [])
    .filter((q: ServedQuestionDoc) => q.atom_id === atom && q.answered_at)
    .sort((a, b) => a.number - b.number)
    .map((q) => {
      const time = items.get(q.question_id);
      const ms = q.served_at ? new Date(q.answered_at!).getTime() - new Date(q.served_at).getTime() : null;
      return {
        number: q.number,
        params: { a: q.snapshot.difficulty_params.a, d: q.snapshot.difficulty_params.d },
        scored: q.scored !== false,
        correct: q.correct === true,
        timedOut: q.timed_out === true,
        seconds: q.timed_out || ms === null || ms <= 0 ? null : ms / 1000,
        time: time && time.n >= MIN_TIMED_ANSWERS ? time : null,
      };
    });
}

/** Fewer timed answers than this (with a calibrated question) and the time signals are not judged. */
export const MIN_TIMED_FOR_SIGNALS = 3;

const NOT_YET =
  'Not available yet: too few of these questions have enough timed answers from real candidates to compare with.';

export function signalViews(s: CandidateSignals): IntegritySignal[] {
  const timesReady = s.timed >= MIN_TIMED_FOR_SIGNALS;
  const pk = s.preknowledge;
  const rapid = s.rapid;
  const misfit = s.misfit;
  return [
    {
      kind: 'preknowledge',
      title: 'Fast and correct on hard questions',
      flagged: timesReady && pk.flagged,
      statistic: timesReady ? pk.statistic : null,
      p_value: pk.pValue,
      cutoff: pk.cutoff,
      reason: !timesReady
        ? NOT_YET
        : pk.answers.length === 0
          ? `No answer was much faster than this candidate’s own pace and correct on a hard question (of ${s.timed} timed answers).`
          : `${pk.answers.length} of ${s.timed} timed answers were much faster than this candidate’s own pace ` +
            `and correct on questions that were not easy for them (${list(pk.answers)}).`,
      honest_rate: oneIn(HONEST_RATES.preknowledge),
      question_numbers: pk.answers,
    },
    {
      kind: 'rapid_guessing',
      title: 'Very quick answers',
      flagged: timesReady && rapid.flagged,
      statistic: timesReady ? rapid.statistic : null,
      p_value: rapid.pValue,
      cutoff: rapid.cutoff,
      reason: !timesReady
        ? NOT_YET
        : rapid.answers.length === 0
          ? `No answer came faster than a tenth of the question’s usual time (of ${s.timed} timed answers).`
          : `${rapid.answers.length} of ${s.timed} timed answers (${Math.round(100 * (rapid.share ?? 0))}%) came ` +
            `faster than a tenth of the question’s usual time, quicker than reading it (${list(rapid.answers)}).`,
      honest_rate: oneIn(HONEST_RATES.rapid),
      question_numbers: rapid.answers,
    },
    {
      kind: 'misfit',
      title: 'Unusual pattern of right and wrong answers',
      flagged: misfit.flagged,
      statistic: misfit.statistic,
      p_value: misfit.pValue,
      cutoff: misfit.cutoff,
      reason:
        misfit.statistic === null
          ? 'Too few answers to judge the pattern.'
          : `${misfit.flagged ? 'Right on hard questions and wrong on easy ones more than the candidate’s level explains' : 'The pattern of right and wrong answers fits the candidate’s level'} ` +
            `(lz* ${misfit.statistic.toFixed(2)}; below 0 is less typical)` +
            (misfit.flagged && misfit.answers.length ? `: most unexpected ${list(misfit.answers)}.` : '.'),
      honest_rate: oneIn(HONEST_RATES.misfit),
      question_numbers: misfit.flagged ? misfit.answers : [],
    },
  ];
}

/** What the signals read of a quiz. */
export const INTEGRITY_QUIZ_FIELDS = {
  served: 1,
  atom_ids: 1,
  demo_data: 1,
  simulated: 1,
  effort_aware_atoms: 1,
  set_aside: 1,
} as const;

/**
 * The signals of one atom's answers in one quiz, at the atoms' time models as they are now. A quiz that
 * scored the atom effort-aware (decided when it ended: at-quiz-end.ts) names the answers it set aside
 * then, not the ones today's time model would pick, so the report says what its score did.
 */
export async function atomIntegrity(
  quiz: QuizResultDoc,
  atom: string,
  atomName: string,
  timeModels: TimeModelCache,
): Promise<AtomIntegrity> {
  const effortAware = (quiz.effort_aware_atoms ?? []).includes(atom);
  const model = await atomTimeModel(timeModels, atom);
  const answers = answersOf(quiz, atom, model.items);
  const calibrated = [...model.items.values()].filter((t) => t.n >= MIN_TIMED_ANSWERS).length;
  const base = {
    atom_id: atom,
    atom_name: atomName,
    answered: answers.length,
    time_model: { questions: model.items.size, calibrated, min_answers: MIN_TIMED_ANSWERS },
    effort_aware_scoring: effortAware,
  };
  if (quiz.demo_data || quiz.simulated) {
    return {
      ...base,
      status: 'demo',
      timed: 0,
      speed: null,
      signals: [],
      needs_a_look: false,
      rapid_answers: [],
      effort_aware_estimate: null,
    };
  }
  const s = candidateSignals(answers, SIGNAL_CUTOFFS, model.speedSd);
  const views = signalViews(s);
  const enough = s.timed >= MIN_TIMED_FOR_SIGNALS || s.misfit.statistic !== null;
  const aside = new Set(quiz.set_aside ?? []);
  const rapid = effortAware
    ? answers.filter((a) => aside.has(a.number)).map((a) => a.number)
    : s.rapid.answers;
  return {
    ...base,
    status: enough ? 'computed' : 'not_enough_data',
    timed: s.timed,
    speed: s.speed ? { tau: s.speed.tau, se: s.speed.se } : null,
    signals: enough ? views : [],
    needs_a_look: enough && views.some((v) => v.flagged),
    rapid_answers: rapid,
    effort_aware_estimate: rapid.length ? effortModeratedEstimate(answers, new Set(rapid)) : null,
  };
}

/** The signals of one invitation's quizzes (no scope: the callers have checked it). */
export async function integrityOf(
  inv: Pick<InvitationDoc, '_id' | 'required_atoms' | 'optional_atoms'>,
  timeModels: TimeModelCache,
): Promise<InvitationIntegrityResponse> {
  const atomIds = [...(inv.required_atoms ?? []), ...(inv.optional_atoms ?? [])];
  const [quizzes, atoms] = await Promise.all([
    QuizResult.find({ invitation: inv._id }).select(INTEGRITY_QUIZ_FIELDS).lean<QuizResultDoc[]>().exec(),
    Atom.find({ _id: { $in: atomIds } })
      .select({ name: 1 })
      .lean<Array<{ _id: string; name: string }>>()
      .exec(),
  ]);
  const byId = new Map(atoms.map((a) => [a._id, a]));
  const out: AtomIntegrity[] = [];
  for (const atom of atomIds) {
    const quiz = quizzes.find((q) => (q.served ?? []).some((s) => s.atom_id === atom && s.answered_at));
    if (!quiz) continue;
    const doc = byId.get(atom);
    out.push(await atomIntegrity(quiz, atom, doc?.name ?? atom, timeModels));
  }
  return {
    invitation_id: String(inv._id),
    atoms: out,
    needs_a_look: out.some((a) => a.needs_a_look),
    flags: out.reduce((n, a) => n + a.signals.filter((s) => s.flagged).length, 0),
    combined_honest_rate: oneInWords(HONEST_RATES.combined),
    how_computed: HOW_COMPUTED,
  };
}

/** GET /api/hiring/invitations/:id/integrity: inside the hiring scope (another company's is 404). */
export async function invitationIntegrity(
  scope: HiringScope,
  id: unknown,
  timeModels: TimeModelCache,
): Promise<InvitationIntegrityResponse> {
  return integrityOf(await findScopedInvitation(scope, id), timeModels);
}

export { SIGNAL_CUTOFFS };
