// The compact copy of a quiz's served questions that the content analytics read (quiz/models/quiz-result.ts,
// ResponseDoc, responsesOf): derived from `served` alone, written by every quiz write (commit-update.ts; a
// document save derives it in the model) and, for quiz results written without it (before `responses` existed, around
// the product, or by an older process), at start (backfillResponses).
import type { Logger } from '../platform';
import { QuizResult, responsesOf, type QuizResultDoc } from './models/quiz-result';

const BATCH = 500;

/**
 * Writes `responses` for every quiz result whose `responses_rev` is not its `rev` (written before `responses` existed, or
 * by a process that did not keep them), so statistics count every answer. Each write is conditional on the
 * revision read: a quiz answered meanwhile writes its own. Returns how many were brought up to date.
 */
export async function backfillResponses(logger?: Logger): Promise<number> {
  // $expr reads two small fields of each quiz result (the engine decodes only those)
  const stale = await QuizResult.find({ $expr: { $ne: ['$responses_rev', '$rev'] } })
    .select({ _id: 1 })
    .lean<Pick<QuizResultDoc, '_id'>[]>()
    .exec();
  let done = 0;
  for (let i = 0; i < stale.length; i += BATCH) {
    const quizzes = await QuizResult.find({ _id: { $in: stale.slice(i, i + BATCH).map((q) => q._id) } })
      .select({ rev: 1, served: 1 })
      .lean<Pick<QuizResultDoc, '_id' | 'rev' | 'served'>[]>()
      .exec();
    if (!quizzes.length) continue;
    const res = await QuizResult.bulkWrite(
      quizzes.map((q) => ({
        updateOne: {
          filter: { _id: q._id, rev: q.rev ?? 0 },
          update: { $set: { responses: responsesOf(q.served ?? []), responses_rev: q.rev ?? 0 } },
        },
      })),
      { ordered: false },
    );
    done += res.matchedCount;
  }
  if (done)
    logger?.info(`content analytics: wrote the responses of ${done} quiz result(s) written before them`);
  return done;
}
