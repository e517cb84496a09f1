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
import type { QuizSpan } from './rest-cache';

export interface ResponseSet {
  responses: ServedResponse[];
  /** Quiz ids taken by simulated demo candidates. */
  demoQuizzes: Set<string>;
  /** An answer's text as served (question id, hash id): how review flags name an answer. */
  answerText: (questionId: number, hashId: string) => string | undefined;
  /** Each quiz's run of `responses`, with the version of its responses (for RestEstimateCache). */
  spans: QuizSpan[];
}

type LeanQuiz = Pick<QuizResultDoc, '_id' | 'responses' | 'demo_data' | 'rev' | 'responses_rev'>;

/** The quizzes that served question `id`. */
export const servedQuestion = (id: number): QueryFilter<QuizResultDoc> => ({ 'responses.q': id });

/** Every response of the quizzes matching `filter` (the demo skip's quizzes left out). */
export async function loadResponses(filter: QueryFilter<QuizResultDoc>): Promise<ResponseSet> {
  const quizzes = await QuizResult.find({ ...filter, simulated: { $ne: true } })
    .select({ responses: 1, demo_data: 1, rev: 1, responses_rev: 1 })
    .lean<LeanQuiz[]>()
    .exec();
  const responses: ServedResponse[] = [];
  const demoQuizzes = new Set<string>();
  // chosen answers' texts as served, by question and hash id: the last one read
  const texts = new Map<string, string>();
  const spans: QuizSpan[] = [];
  for (const quiz of quizzes) {
    const quizId = String(quiz._id);
    const start = responses.length;
    const demo = quiz.demo_data === true;
    if (demo) demoQuizzes.add(quizId);
    for (const r of quiz.responses ?? []) {
      responses.push(toResponse(quizId, r, demo));
      if (r.ct !== undefined && r.ch) texts.set(`${r.q}\u0000${r.ch}`, r.ct);
    }
    // every quiz write bumps rev; a start's backfill of responses moves responses_rev
    spans.push({
      quizId,
      start,
      length: responses.length - start,
      version: `${quiz.rev}/${quiz.responses_rev}`,
    });
  }
  return {
    responses,
    demoQuizzes,
    answerText: (questionId, hashId) => texts.get(`${questionId}\u0000${hashId}`),
    spans,
  };
}

/**
 * A version of the quiz results matching `filter` (every one, or an atom's): how many there are and the
 * latest write to any of them, both read from indexes (`updated_at`; `atom_ids, updated_at`). Every quiz
 * write (an answer, a served question, an abandon) moves `updated_at`, so a statistics list computed at one
 * version is still right at it; services processes share nothing else. (A write stamped by a process whose
 * clock is behind the latest stamp goes unseen until the next write: statistics are then one answer late.)
 */
export async function quizzesVersion(filter: QueryFilter<QuizResultDoc>): Promise<string> {
  const [count, latest] = await Promise.all([
    QuizResult.countDocuments(filter).exec(),
    QuizResult.findOne(filter)
      .sort({ updated_at: -1 })
      .select({ updated_at: 1 })
      .lean<Pick<QuizResultDoc, 'updated_at'>>()
      .exec(),
  ]);
  return `${count}/${latest?.updated_at ? new Date(latest.updated_at).getTime() : 0}`;
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
