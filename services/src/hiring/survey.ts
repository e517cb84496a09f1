// The done page's relevance survey as a company sees it (GET /api/hiring/survey): in aggregate only.
// The candidate is told their answer "is used internally and not shared individually", so no
// individual rating leaves the services on a company's route; per atom and calendar month (UTC, of
// the quiz's completion) the three faces are counted, and shown only once at least
// SURVEY_MIN_ANSWERS candidates answered in that month (fewer: "not enough answers yet", without
// the count, so one new answer cannot be read off a small total). Demo invitations and simulated
// candidates are not people and never counted.
import {
  SURVEY_MIN_ANSWERS,
  SURVEY_NOT_ENOUGH,
  type SurveyPeriod,
  type SurveyResponse,
} from '@skillquiz/contracts';
import { QuizResult, type QuizResultDoc } from '../quiz';
import { companyFilter, type HiringScope } from './scope';
import { atomNames } from './views';

type RatedQuiz = Pick<
  QuizResultDoc,
  'atom_ids' | 'content_relevant_rating' | 'finished_at' | 'updated_at' | 'created_at'
>;

const FACES = ['sad', 'neutral', 'happy'] as const;

/** YYYY-MM (UTC) of a date. */
export const periodOf = (d: Date): string => d.toISOString().slice(0, 7);

/** Counts per atom and period, then hides every group below the minimum (pure; tested directly). */
export function aggregateSurvey(
  quizzes: Iterable<RatedQuiz>,
  names: ReadonlyMap<string, string>,
  min = SURVEY_MIN_ANSWERS,
): SurveyPeriod[] {
  const groups = new Map<string, { atom: string; period: string; counts: [number, number, number] }>();
  for (const q of quizzes) {
    const r = q.content_relevant_rating;
    if (r !== 0 && r !== 1 && r !== 2) continue;
    const when = q.finished_at ?? q.updated_at ?? q.created_at;
    if (!when) continue;
    const period = periodOf(when);
    for (const atom of new Set(q.atom_ids ?? [])) {
      const key = `${period} ${atom}`;
      const g = groups.get(key) ?? { atom, period, counts: [0, 0, 0] as [number, number, number] };
      g.counts[r]++;
      groups.set(key, g);
    }
  }
  return [...groups.values()]
    .map((g): SurveyPeriod => {
      const n = g.counts[0] + g.counts[1] + g.counts[2];
      const enough = n >= min;
      return {
        atom_id: g.atom,
        atom_name: names.get(g.atom) ?? g.atom,
        period: g.period,
        distribution: enough
          ? (Object.fromEntries(FACES.map((f, i) => [f, g.counts[i]])) as SurveyPeriod['distribution'])
          : null,
        enough,
        message: enough ? null : SURVEY_NOT_ENOUGH,
      };
    })
    .sort((a, b) => b.period.localeCompare(a.period) || a.atom_name.localeCompare(b.atom_name));
}

/** The scope's survey in aggregate: its own candidates (a recruiter), or a chosen/every company (an admin). */
export async function surveySummary(scope: HiringScope): Promise<SurveyResponse> {
  const quizzes = await QuizResult.find({
    ...companyFilter(scope),
    content_relevant_rating: { $in: [0, 1, 2] },
    demo: { $ne: true },
    simulated: { $ne: true },
    demo_data: { $ne: true },
  })
    .select({ atom_ids: 1, content_relevant_rating: 1, finished_at: 1, updated_at: 1, created_at: 1 })
    .lean<RatedQuiz[]>()
    .exec();
  const names = await atomNames(quizzes.flatMap((q) => q.atom_ids ?? []));
  return { min_answers: SURVEY_MIN_ANSWERS, periods: aggregateSurvey(quizzes, names) };
}
