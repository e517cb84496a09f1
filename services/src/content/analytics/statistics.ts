// Item statistics and the current calibration of questions, from the served records of the quizzes they
// concern (read through indexes, see records.ts). Read-only: nothing here changes a
// question or a quiz.
import {
  type QuestionAnalyticsResponse,
  type QuestionStatisticsListResponse,
  CONSTANTS,
} from '@skillquiz/contracts';
import { GRADUATION_MAX_SE, itemStatistics, readyToGraduate } from '@skillquiz/item-analysis';
import { notFound } from '../../platform';
import { Atom } from '../models/atom';
import { Question, type QuestionDoc } from '../models/question';
import { loadResponses, quizzesPerAtom, quizzesVersion, servedQuestion, type ResponseSet } from './records';
import { LRUCache } from 'lru-cache';
import { RestEstimateCache } from './rest-cache';
import { APPLY_RULES_VIEW, trustedCalibration, type TrustedCalibration } from './trust';

type QuestionFields = Pick<QuestionDoc, '_id' | 'difficulty_params' | 'version' | 'administered' | 'status'>;

export async function findQuestionForAnalytics(id: number): Promise<QuestionFields> {
  const q = await Question.findById(id)
    .select({ difficulty_params: 1, version: 1, administered: 1, status: 1 })
    .lean<QuestionFields>()
    .exec();
  if (!q) throw notFound(`No question with id '${id}'`);
  return q;
}

/** The question's calibration on trusted answers (content/analytics/trust.ts) and whether it may be applied. */
export async function currentCalibration(
  q: QuestionFields,
  demoDataAllowed: boolean,
): Promise<TrustedCalibration> {
  const { responses, demoQuizzes } = await loadResponses(servedQuestion(q._id));
  const configured = { a: q.difficulty_params.a, d: q.difficulty_params.d };
  return trustedCalibration(q._id, configured, responses, demoQuizzes, demoDataAllowed);
}

/** Statistics, calibration and graduation readiness of one question. */
export async function questionAnalytics(
  caches: StatisticsCache,
  id: number,
  demoDataAllowed = false,
): Promise<QuestionAnalyticsResponse> {
  const q = await findQuestionForAnalytics(id);
  const [{ responses, demoQuizzes, answerText, spans }, beta] = await Promise.all([
    loadResponses(servedQuestion(id)),
    Atom.exists({ beta_question_ordering: id }),
  ]);
  const atomQuizzes = await quizzesPerAtom(responses.filter((r) => r.questionId === id).map((r) => r.atomId));
  const restEstimates = caches.rest.estimates(responses, spans);
  const statistics =
    itemStatistics(responses, { atomQuizzes, choiceLabel: excerpt(answerText), restEstimates }).get(id) ??
    null;
  const configured = { a: q.difficulty_params.a, d: q.difficulty_params.d };
  const trusted = trustedCalibration(id, configured, responses, demoQuizzes, demoDataAllowed);
  const calibration = trusted.calibration;
  return {
    statistics,
    calibration,
    configured,
    version: q.version,
    beta: beta !== null,
    graduation_max_se: GRADUATION_MAX_SE,
    ready_to_graduate: calibration !== null && trusted.apply.allowed && readyToGraduate(calibration),
    demo_answers: trusted.answers.demo,
    answers: trusted.answers,
    calibration_basis: trusted.basis,
    demo_calibration: trusted.demo_calibration,
    apply: trusted.apply,
    apply_rules: APPLY_RULES_VIEW,
  };
}

/** Statistics of every question served in an atom's quizzes ('all': every quiz), keyed by id. */
export async function listStatistics(
  caches: StatisticsCache,
  atom: string,
): Promise<QuestionStatisticsListResponse> {
  const filter = atom === CONSTANTS.ALL_ATOMS_KEY ? {} : { atom_ids: atom };
  // The same quizzes, unchanged since the list was computed: the list as it was (see quizzesVersion).
  const version = await quizzesVersion(filter);
  const kept = caches.lists.get(atom);
  if (kept?.version === version) return kept.list;
  const { responses, answerText, spans } = await loadResponses(filter);
  const atomQuizzes = await quizzesPerAtom(responses.map((r) => r.atomId));
  const restEstimates = caches.rest.estimates(responses, spans);
  const stats = itemStatistics(responses, { atomQuizzes, choiceLabel: excerpt(answerText), restEstimates });
  const list = { statistics: Object.fromEntries([...stats].map(([id, s]) => [String(id), s])) };
  caches.lists.set(atom, { version, list });
  return list;
}

const MAX_LISTS_KEPT = 64;

/** What the statistics keep between reads: one per app (app.context.caches.statistics). */
export class StatisticsCache {
  /** Rest abilities per quiz, shared by every list: after an answer only its quiz's are computed again. */
  readonly rest = new RestEstimateCache();
  /** Statistics lists computed last, per atom ('all' too), with the version of the quizzes they came from. */
  readonly lists = new LRUCache<string, { version: string; list: QuestionStatisticsListResponse }>({
    max: MAX_LISTS_KEPT,
  });
}

const EXCERPT_CHARS = 60;

/** An answer's text on one line, cut to a length a sentence can hold (a hash id means nothing to an editor). */
function excerpt(answerText: ResponseSet['answerText']) {
  return (questionId: number, hashId: string): string | undefined => {
    const text = answerText(questionId, hashId)?.replace(/\s+/g, ' ').trim();
    if (!text) return undefined;
    return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
  };
}

declare module '../../platform' {
  interface AppCaches {
    /** Item statistics lists and rest abilities, per app. */
    statistics: StatisticsCache;
  }
}
