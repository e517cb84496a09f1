// Served records as the analysis package reads them, from the quiz results' compact `responses` (a copy of
// `served` kept by every quiz write, models/quiz-result.ts), except quizzes the demo skip (pass_243)
// answered, which are not candidates' answers. Quizzes of `npm run simulate`'s simulated candidates count,
// but are marked, so the screens can say how much of what they show is demo data.
//
// A statistic reads only the quizzes it concerns: those that served a question (index `responses.q`), or
// those of an atom (index `atom_ids`), and of them only `responses` (not every served snapshot).
import type { ServedResponse } from '@skillquiz/item-analysis';
import type { QueryFilter } from 'mongoose';
import { QuizResult, type QuizResultDoc, type ResponseDoc } from '../models';

export interface ResponseSet {
  responses: ServedResponse[];
  /** Quiz ids taken by simulated demo candidates. */
  demoQuizzes: Set<string>;
  /** An answer's text as served (question id, hash id): how review flags name an answer. */
  answerText: (questionId: number, hashId: string) => string | undefined;
}

type LeanQuiz = Pick<QuizResultDoc, '_id' | 'responses' | 'demo_data'>;

/** The quizzes that served question `id`. */
export const servedQuestion = (id: number): QueryFilter<QuizResultDoc> => ({ 'responses.q': id });

/** Every response of the quizzes matching `filter` (the demo skip's quizzes left out). */
export async function loadResponses(filter: QueryFilter<QuizResultDoc>): Promise<ResponseSet> {
  const quizzes = await QuizResult.find({ ...filter, simulated: { $ne: true } })
    .select({ responses: 1, demo_data: 1 })
    .lean<LeanQuiz[]>()
    .exec();
  const responses: ServedResponse[] = [];
  const demoQuizzes = new Set<string>();
  // chosen answers' texts as served, by question and hash id: the last one read
  const texts = new Map<string, string>();
  for (const quiz of quizzes) {
    const quizId = String(quiz._id);
    const demo = quiz.demo_data === true;
    if (demo) demoQuizzes.add(quizId);
    for (const r of quiz.responses ?? []) {
      responses.push(toResponse(quizId, r, demo));
      if (r.ct !== undefined && r.ch) texts.set(`${r.q}\u0000${r.ch}`, r.ct);
    }
  }
  return {
    responses,
    demoQuizzes,
    answerText: (questionId, hashId) => texts.get(`${questionId}\u0000${hashId}`),
  };
}

/**
 * Quizzes per atom that planned it (the base of an exposure rate), for the given atoms: two counts each,
 * answered from the index on `plan.atom_id` and `simulated` (the demo skip's quizzes are left out).
 */
export async function quizzesPerAtom(atoms: Iterable<string>): Promise<Map<string, number>> {
  const ids = [...new Set(atoms)];
  const counts = await Promise.all(
    ids.map(async (atom) => {
      const [all, skipped] = await Promise.all([
        QuizResult.countDocuments({ 'plan.atom_id': atom }).exec(),
        QuizResult.countDocuments({ 'plan.atom_id': atom, simulated: true }).exec(),
      ]);
      return [atom, all - skipped] as const;
    }),
  );
  return new Map(counts);
}

/** A simulated candidate answers at once: its response times say nothing, so they are left out. */
function toResponse(quizId: string, r: ResponseDoc, demo: boolean): ServedResponse {
  return {
    quizId,
    atomId: r.atom,
    questionId: r.q,
    scored: r.s,
    params: { a: r.a, d: r.d },
    correct: r.c ?? null,
    timedOut: r.t === true,
    choice: r.c == null ? null : (r.ch ?? ''),
    key: r.k ?? null,
    responseMs: r.c != null && !demo ? (r.ms ?? null) : null,
  };
}
