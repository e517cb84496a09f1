// Replies the services give only after hundreds of answers (item statistics, a calibration, the
// Needs review flags): the app tests stub them at the HTTP layer (msw) for real questions of the run,
// typed by the contracts' response types so a contract change breaks them. Everything else in those
// tests is the real services.
import { http, HttpResponse } from 'msw';
import type {
  ItemStatistics,
  NeedsReviewResponse,
  Question,
  QuestionAnalyticsResponse,
  QuestionStatisticsListResponse,
} from '@skillquiz/contracts';
import type { TestServices } from '@skillquiz/remote-kit/test-services';

/** Statistics as the services compute them from `answered` answers, `shareCorrect` of them right. */
export function itemStatistics(q: Question, answered: number, shareCorrect: number): ItemStatistics {
  const third = Math.round(answered / 3);
  const easy = shareCorrect > 0.8;
  return {
    questionId: q.id,
    served: answered + 4,
    answered,
    timeouts: 3,
    shareCorrect,
    discrimination: easy ? 0.08 : 0.41,
    medianResponseMs: 38_000,
    p90ResponseMs: 71_000,
    exposureRate: 0.22,
    choices: [
      ...q.answers.map((a) => ({
        choice: a.hash_id,
        isKey: a.c,
        low: Math.round(third * (a.c ? shareCorrect - 0.2 : 0.25)),
        middle: Math.round(third * (a.c ? shareCorrect : 0.15)),
        high: Math.round(third * (a.c ? Math.min(1, shareCorrect + 0.2) : 0.05)),
        total: Math.round(a.c ? answered * shareCorrect : (answered * (1 - shareCorrect)) / 3),
      })),
      { choice: '', isKey: false, low: 2, middle: 1, high: 0, total: 3 },
    ],
    flags: easy
      ? [
          {
            code: 'low_discrimination',
            reason: `Discrimination 0.08 is below 0.15 over ${answered} answers: strong and weak candidates answer alike.`,
          },
        ]
      : [],
  };
}

/**
 * GET /api/questions/{id}/statistics for `q`: `real` answers from candidates, `demo` from simulated
 * ones; with too few real ones apply is refused with the services' reasons and the simulated
 * calibration is shown apart.
 */
export function analytics(q: Question, real: number, demo: number): QuestionAnalyticsResponse {
  const s = itemStatistics(q, real + demo, 0.5);
  const enough = real >= 100;
  return {
    statistics: s,
    calibration: {
      a: 1.23,
      d: q.difficulty_params.d + 0.3,
      seA: enough ? 0.11 : 0.63,
      seD: enough ? 0.09 : 0.21,
      n: real,
      logLikelihood: -230.4,
      iterations: 6,
      converged: true,
    },
    configured: q.difficulty_params,
    version: q.version ?? 1,
    beta: false,
    graduation_max_se: 0.15,
    ready_to_graduate: true,
    demo_answers: demo,
    answers: { real, demo },
    calibration_basis: 'real',
    demo_calibration: enough
      ? null
      : {
          a: 1.1,
          d: 0.2,
          seA: 0.08,
          seD: 0.06,
          n: demo,
          logLikelihood: -410.2,
          iterations: 5,
          converged: true,
        },
    apply: enough
      ? { allowed: true, reasons: [] }
      : {
          allowed: false,
          reasons: [
            `${real} real answers; at least 100 are needed`,
            'the 95% interval is too wide (a ± 1.23, d ± 0.41; both must be within ± 0.39)',
          ],
        },
    apply_rules: { min_answers: 100, max_se: 0.2, z: 1.96 },
  };
}

/**
 * msw handlers for the list's statistics (GET /api/questions/statistics) and Needs review (GET
 * /api/questions/needs-review) of these questions' statistics, their excerpts read from the real
 * services (so they are what the server would list).
 */
export function flaggedReplies(services: Pick<TestServices, 'url'>, stats: ItemStatistics[]) {
  return [
    http.get(services.url('/api/questions/statistics'), () =>
      HttpResponse.json({
        statistics: Object.fromEntries(stats.map((s) => [String(s.questionId), s])),
      } satisfies QuestionStatisticsListResponse),
    ),
    http.get(services.url('/api/questions/needs-review'), async ({ request }) => {
      const atom = new URL(request.url).searchParams.get('atom') ?? 'all';
      const questions = await Promise.all(
        stats.map(async (s) => {
          // The test's own fetch: to the services, with the page's session.
          const res = await fetch(`/api/questions/${s.questionId}`, {
            headers: { accept: 'application/json' },
          });
          return { q: ((await res.json()) as { question: Question }).question, flags: s.flags };
        }),
      );
      return HttpResponse.json({
        atom,
        questions: questions.map(({ q, flags }) => ({
          id: q.id,
          excerpt: q.question_text.slice(0, 200),
          code_block: q.code_block,
          code_language: q.code_language,
          status: q.status ?? 'ready',
          administered: q.administered,
          all_atoms: q.all_atoms,
          language: q.language ?? null,
          version: q.version ?? 1,
          flags,
        })),
      } satisfies NeedsReviewResponse);
    }),
  ];
}
