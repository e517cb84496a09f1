// "Needs review": every flagged question of an atom with a text excerpt, so the list can
// show each question as the candidate sees it instead of bare ids. The flags are the statistics'
// (content/analytics/statistics.ts listStatistics) and the compromised-question check (content/analytics/drift.ts);
// this only joins them with the questions.
import type { NeedsReviewResponse, ReviewFlag } from '@skillquiz/contracts';
import { listStatistics } from '../analytics/statistics';
import { EXCERPT_PROJECTION, toExcerpt, type ExcerptFields } from '../bank/excerpt';
import { driftFlags } from '../analytics/drift';
import type { AppCaches } from '../../platform';
import { Question } from '../models/question';

export async function needsReview(caches: AppCaches, atom: string): Promise<NeedsReviewResponse> {
  const [{ statistics }, drift] = await Promise.all([
    listStatistics(caches.statistics, atom),
    driftFlags(caches.timeModels, atom),
  ]);
  const flagsOf = new Map<string, ReviewFlag[]>(
    Object.entries(statistics).map(([id, s]) => [id, [...s.flags]]),
  );
  for (const [id, flag] of drift) flagsOf.set(String(id), [...(flagsOf.get(String(id)) ?? []), flag]);
  const flagged = [...flagsOf]
    .filter(([, flags]) => flags.length > 0)
    .map(([id, flags]) => [id, { flags }] as const);
  const ids = flagged.map(([id]) => Number(id));
  const docs = await Question.find({ _id: { $in: ids } }, EXCERPT_PROJECTION)
    .lean<ExcerptFields[]>()
    .exec();
  const byId = new Map(docs.map((d) => [d._id, d]));
  return {
    atom,
    questions: flagged
      .filter(([id]) => byId.has(Number(id)))
      .map(([id, s]) => ({ ...toExcerpt(byId.get(Number(id))!), flags: s.flags }))
      .sort((a, b) => a.id - b.id),
  };
}
