// The candidate quiz's data as TanStack Query factories over a QuizApi, the same shape as the admin
// remotes' src/api/queries.ts: one place for each key, its fetch (with the query's `signal`), its
// cache rule and what a write refreshes.
//   const q = quizQueries(useQuizApi());  useQuery(q.quiz(token));
//   useMutation(quizMutations(useQuizApi(), useQueryClient()).answer());
//
// No toasts here: every quiz problem has its place on the page ("Toast or inline alert",
// libs/remote-kit/README.md): the quiz failing to load is the page's own content (the inline, announced
// "We couldn't load your quiz." with Retry), an answer the server refuses stops silently and a send
// failure reloads and stays (SPEC §4, §8), env-vars and the survey fail silently. So no factory has
// an `errorToast`, and the quiz mounts no toast container.
//
// The log and tracking events (log, track, sendEvents) and the page-close beacon are not here: they
// go through the SPEC §4 queue (src/tracking/), which owns their order, retries and freezing.
import { mutationOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import type {
  AnswerResponse,
  CandidateQuestion,
  EnvVarsResponse,
  QuizResult,
  SurveyRequest,
} from '@skillquiz/contracts';
import { applyAnswer } from '../model/questionFlow';
import { answerBody, retryWaitMs, UNAVAILABLE_STATUSES, type Outcome } from '../model/questionPage';
import type { ApiResult, QuizApi } from './quizApi';

export const quizKeys = {
  quiz: (token: string) => ['quiz', token] as const,
  question: (token: string, n: number) => ['quiz', token, 'question', n] as const,
  envVars: ['env-vars'] as const,
};

/** A failed call of a query: its HTTP status (0 = network) and SPEC §8 message, for the page to branch on. */
export class QuizCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'QuizCallError';
  }
}

/** The data of a successful result, else a QuizCallError with its status. */
function dataOf<T>(r: ApiResult<T>): T {
  if (r.success) return r.data;
  throw new QuizCallError(r.status, r.message);
}

/**
 * The quiz's one retry policy: none from the library, and nothing asked again by itself. A failed
 * load shows at once with Retry (the quiz) or Try again (a question: the page keeps the number it
 * asked for, so no render fetches it again); an answer through an outage is resent by the answer
 * mutation itself (below). `networkMode: 'always'`:
 * an offline browser still makes the call, so a network failure (status 0) reaches the page as SPEC §4
 * says (reload and stay) instead of a call paused until the browser feels online. Nothing refetches on
 * its own (focus, reconnect, remount): the quiz is reloaded on purpose, and a question's fetch serves it.
 */
export function createQuizQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        networkMode: 'always',
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function quizQueries(api: QuizApi) {
  return {
    /**
     * The quiz result of a token: a QuizResult, null for an unknown token (SPEC §8: /404), or a
     * QuizCallError (410 the expired screen; 429, 5xx, network: retryable, the loaded result stays).
     * Each load is a new object (no structural sharing): the expiry check and the redirect rules run
     * again on every reload, as they are meant to.
     */
    quiz: (token: string) =>
      queryOptions({
        queryKey: quizKeys.quiz(token),
        queryFn: ({ signal }) => api.getQuiz(token, { signal }).then(quizOrNull),
        structuralSharing: false,
      }),
    /**
     * One question. Serving it the first time starts its clock, so the question page fetches it when
     * its state machine asks (`queryClient.fetchQuery`), never from the cache: nothing kept (gcTime 0),
     * always fetched again (staleTime 0).
     */
    question: (token: string, n: number) =>
      queryOptions<CandidateQuestion>({
        queryKey: quizKeys.question(token, n),
        queryFn: ({ signal }) => api.getQuestion(token, n, { signal }).then(dataOf),
        staleTime: 0,
        gcTime: 0,
      }),
    /** Whether the server allows demo mode (SPEC §7); a failure leaves it not allowed (SPEC §8). */
    demoModeAllowed: () =>
      queryOptions({
        queryKey: quizKeys.envVars,
        queryFn: ({ signal }) => api.envVars({ signal }).then(demoModeAllowed),
      }),
  };
}

function demoModeAllowed(r: ApiResult<EnvVarsResponse>): boolean {
  return r.success && r.data?.demoModeAllowed === true;
}

function quizOrNull(r: ApiResult<QuizResult>): QuizResult | null {
  if (!r.success && r.status === 404) return null;
  return dataOf(r);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the question page hands the answer mutation. */
export interface AnswerVariables {
  token: string;
  question: CandidateQuestion;
  /** The chosen answer's index; null = the empty answer of a timed-out question. */
  index: number | null;
  /** The phase that sent it: leaving it (or the page) stops the resending. */
  signal: AbortSignal;
  /** Each time the server cannot take it for now (the page says 'Reconnecting...'). */
  onUnavailable(): void;
}

/** What came of an answer, with the server's reply when it took it (null: the signal ended it). */
export type AnswerResult = { outcome: Outcome; response?: AnswerResponse } | null;

export function quizMutations(api: QuizApi, queryClient: QueryClient) {
  return {
    /**
     * An answer, sent again and again while the server cannot take it (502/503/504: after the reply's
     * Retry-After, else 1, 2, 4... s, at most 10 s), and what comes next. The resending is a loop in
     * here rather than the library's `retry`: a mutation has no AbortSignal, so its retries would go on
     * after the candidate left the phase or the page, and each refused attempt must reach the page
     * ('Reconnecting...') as it happens. The taken answer is mirrored into the quiz result (the
     * server's state as the next question and the estimates now stand).
     */
    answer: () =>
      mutationOptions({
        mutationFn: async ({
          token,
          question,
          index,
          signal,
          onUnavailable,
        }: AnswerVariables): Promise<AnswerResult> => {
          const body = answerBody(question, index);
          let r = await api.answer(token, question.number, body);
          for (let attempt = 0; !r.success && UNAVAILABLE_STATUSES.has(r.status); attempt++) {
            onUnavailable();
            await sleep(retryWaitMs(r.retryAfterSeconds, attempt));
            if (signal.aborted) return null;
            r = await api.answer(token, question.number, body);
          }
          if (signal.aborted) return null;
          // A network failure: SPEC §4 reload and stay; an error response: SPEC §8 stop silently.
          if (!r.success) return { outcome: r.status === 0 ? { kind: 'failed' } : { kind: 'refused' } };
          const next = r.data.next_question;
          const outcome: Outcome = next ? { kind: 'next', number: next.number } : { kind: 'done' };
          return { outcome, response: r.data };
        },
        onSuccess: (result, { token, question }) => {
          const response = result?.response;
          if (!response) return;
          queryClient.setQueryData<QuizResult | null>(quizKeys.quiz(token), (res) =>
            res ? applyAnswer(res, question.number, response) : res,
          );
        },
      }),
    /** POST …/finish after the last answer (the done page then loads the final counts itself). */
    finish: () => mutationOptions({ mutationFn: (token: string) => api.finish(token) }),
    /**
     * The skip call of ?pass=243 and /pass_243; the quiz is loaded again afterwards, whatever the
     * reply, and a load already under way is dropped (it began before the skip).
     */
    pass243: () =>
      mutationOptions({
        mutationFn: (token: string) => api.pass243(token),
        onSettled: async (_r, _e, token) => {
          await queryClient.cancelQueries({ queryKey: quizKeys.quiz(token) });
          await queryClient.refetchQueries({ queryKey: quizKeys.quiz(token) });
        },
      }),
    /** The done page's survey vote; the page marks it completed only when the server took it (SPEC §4). */
    survey: () =>
      mutationOptions({
        mutationFn: ({ token, body }: { token: string; body: SurveyRequest }) => api.survey(token, body),
      }),
  };
}
