// Served records as the analysis package reads them: every served question of every quiz result,
// except quizzes the demo skip (pass_243) answered, which are not candidates' answers. Quizzes of
// `npm run simulate`'s simulated candidates count, but are marked, so the screens can say how much of
// what they show is demo data.
import type { ServedResponse } from '@skillquiz/item-analysis';
import type { QueryFilter } from 'mongoose';
import { QuizResult, type QuizResultDoc, type ServedQuestionDoc } from '../models';

export interface ResponseSet {
  responses: ServedResponse[];
  /** Quiz ids taken by simulated demo candidates. */
  demoQuizzes: Set<string>;
  /** An answer's text as served (question id, hash id): how review flags name an answer. */
  answerText: (questionId: number, hashId: string) => string | undefined;
}

type LeanQuiz = Pick<QuizResultDoc, '_id' | 'served' | 'demo_data'>;

/** Every served record of the quizzes matching `filter` (the demo skip's quizzes left out). */
export async function loadResponses(filter: QueryFilter<QuizResultDoc>): Promise<ResponseSet> {
  const quizzes = await QuizResult.find({ ...filter, simulated: { $ne: true } })
    .select({ served: 1, demo_data: 1 })
    .lean<LeanQuiz[]>()
    .exec();
  const responses: ServedResponse[] = [];
  const demoQuizzes = new Set<string>();
  const answersOf = new Map<number, ServedQuestionDoc['snapshot']['answers']>();
  for (const quiz of quizzes) {
    const quizId = String(quiz._id);
    if (quiz.demo_data) demoQuizzes.add(quizId);
    for (const served of quiz.served) {
      responses.push(toResponse(quizId, served, quiz.demo_data === true));
      // One reference per served record, no per-answer work: the texts of the last serving read.
      answersOf.set(served.question_id, served.snapshot.answers);
    }
  }
  return {
    responses,
    demoQuizzes,
    answerText: (questionId, hashId) => answersOf.get(questionId)?.find((a) => a.hash_id === hashId)?.text,
  };
}

/** Quizzes per atom that planned it: the base of an exposure rate. */
export async function quizzesPerAtom(): Promise<Map<string, number>> {
  const rows = await QuizResult.aggregate<{ _id: string; n: number }>([
    { $match: { plan: { $ne: null }, simulated: { $ne: true } } },
    { $unwind: '$plan' },
    { $group: { _id: '$plan.atom_id', n: { $sum: 1 } } },
  ]).exec();
  return new Map(rows.map((r) => [r._id, r.n]));
}

/** A simulated candidate answers at once: its response times say nothing, so they are left out. */
function toResponse(quizId: string, s: ServedQuestionDoc, demo: boolean): ServedResponse {
  const answered = s.answered_at != null;
  return {
    quizId,
    atomId: s.atom_id,
    questionId: s.question_id,
    scored: s.scored,
    params: { a: s.snapshot.difficulty_params.a, d: s.snapshot.difficulty_params.d },
    correct: answered ? s.correct === true : null,
    timedOut: s.timed_out,
    choice: answered ? (s.answer ?? '') : null,
    key: s.snapshot.answers.find((a) => a.c)?.hash_id ?? null,
    responseMs:
      answered && s.served_at && !demo
        ? new Date(s.answered_at!).getTime() - new Date(s.served_at).getTime()
        : null,
  };
}
