// Item statistics and the current calibration of questions, from the served records of the quizzes they
// concern (issue 14; issue 23: read through indexes, see records.ts). Read-only: nothing here changes a
// question or a quiz.
import type { QuestionAnalyticsResponse, QuestionStatisticsListResponse } from '@skillquiz/contracts';
import {
  GRADUATION_MAX_SE,
  calibrateBank,
  itemStatistics,
  readyToGraduate,
  type CalibrationResult,
} from '@skillquiz/item-analysis';
import { CONSTANTS } from '@skillquiz/contracts';
import { notFound } from '../http/errors';
import { Atom, Question, type QuestionDoc } from '../models';
import { loadResponses, quizzesPerAtom, quizzesVersion, servedQuestion, type ResponseSet } from './records';

type QuestionFields = Pick<QuestionDoc, '_id' | 'difficulty_params' | 'version' | 'administered'>;

export async function findQuestionForAnalytics(id: number): Promise<QuestionFields> {
  const q = await Question.findById(id)
    .select({ difficulty_params: 1, version: 1, administered: 1 })
    .lean<QuestionFields>()
    .exec();
  if (!q) throw notFound(`No question with id '${id}'`);
  return q;
}

/** The question's current calibration from every quiz that served it (null before any answer). */
export async function currentCalibration(q: QuestionFields): Promise<CalibrationResult | null> {
  const { responses } = await loadResponses(servedQuestion(q._id));
  return (
    calibrateBank(responses, {
      only: new Set([q._id]),
      start: () => ({ a: q.difficulty_params.a, d: q.difficulty_params.d }),
    }).get(q._id) ?? null
  );
}

/** Statistics, calibration and graduation readiness of one question. */
export async function questionAnalytics(id: number): Promise<QuestionAnalyticsResponse> {
  const q = await findQuestionForAnalytics(id);
  const [{ responses, demoQuizzes, answerText }, beta] = await Promise.all([
    loadResponses(servedQuestion(id)),
    Atom.exists({ beta_question_ordering: id }),
  ]);
  const atomQuizzes = await quizzesPerAtom(responses.filter((r) => r.questionId === id).map((r) => r.atomId));
  const statistics =
    itemStatistics(responses, { atomQuizzes, choiceLabel: excerpt(answerText) }).get(id) ?? null;
  const configured = { a: q.difficulty_params.a, d: q.difficulty_params.d };
  const calibration =
    calibrateBank(responses, { only: new Set([id]), start: () => configured }).get(id) ?? null;
  return {
    statistics,
    calibration,
    configured,
    version: q.version,
    beta: beta !== null,
    graduation_max_se: GRADUATION_MAX_SE,
    ready_to_graduate: calibration !== null && readyToGraduate(calibration),
    demo_answers: responses.filter(
      (r) => r.questionId === id && r.correct !== null && demoQuizzes.has(r.quizId),
    ).length,
  };
}

/** Statistics of every question served in an atom's quizzes ('all': every quiz), keyed by id. */
export async function listStatistics(atom: string): Promise<QuestionStatisticsListResponse> {
  const filter = atom === CONSTANTS.ALL_ATOMS_KEY ? {} : { atom_ids: atom };
  // The same quizzes, unchanged since the list was computed: the list as it was (see quizzesVersion).
  const version = await quizzesVersion(filter);
  const kept = listed.get(atom);
  if (kept?.version === version) return kept.list;
  const { responses, answerText } = await loadResponses(filter);
  const atomQuizzes = await quizzesPerAtom(responses.map((r) => r.atomId));
  const stats = itemStatistics(responses, { atomQuizzes, choiceLabel: excerpt(answerText) });
  const list = { statistics: Object.fromEntries([...stats].map(([id, s]) => [String(id), s])) };
  if (listed.size >= MAX_LISTS_KEPT && !listed.has(atom)) listed.delete(listed.keys().next().value!);
  listed.set(atom, { version, list });
  return list;
}

/** Statistics lists computed last, per atom ('all' too), with the version of the quizzes they came from. */
const listed = new Map<string, { version: string; list: QuestionStatisticsListResponse }>();
const MAX_LISTS_KEPT = 64;

const EXCERPT_CHARS = 60;

/** An answer's text on one line, cut to a length a sentence can hold (a hash id means nothing to an editor). */
function excerpt(answerText: ResponseSet['answerText']) {
  return (questionId: number, hashId: string): string | undefined => {
    const text = answerText(questionId, hashId)?.replace(/\s+/g, ' ').trim();
    if (!text) return undefined;
    return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
  };
}
