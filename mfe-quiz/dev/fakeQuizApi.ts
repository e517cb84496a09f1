// An in-memory QuizApi for the standalone dev page: a few quizzes in the states a candidate meets
// (new, in progress with a code question on screen, about to time out, finished with another quiz
// to take, expired), served and scored as the services would (question by question, the clock on the
// server, a skill estimate after each answer, the finish call). Nothing is saved: a reload starts over.
import type {
  AnswerResponse,
  CandidateQuestion,
  PastQuestion,
  Question,
  QuizResult,
  TrackingEvent,
} from '@skillquiz/contracts';
import type { ApiResult } from '@skillquiz/http-client';
import { delay, sampleQuestions } from '@skillquiz/remote-kit/dev';
import type { QuizApi } from '../src/api/quizApi';

/** The sample quizzes by token (open /quiz/<token>/ on the dev page). */
export const SAMPLE_TOKENS = {
  new: 'demo-new-quiz',
  inProgress: 'demo-in-progress',
  timingOut: 'demo-timing-out',
  done: 'demo-done',
  expired: 'demo-expired',
  /** A quiz whose atom has nothing to serve yet: the welcome page says it is not available. */
  unavailable: 'demo-unavailable',
} as const;

export interface FakeQuizOptions {
  /** Each call answers after this long, as a network would (default 250 ms). */
  latencyMs?: number;
  /** Seconds a served question may take (default 120). */
  questionSeconds?: number;
}

const LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><rect width="32" height="32" rx="6" fill="#0f766e"/><text x="40" y="22" font-family="sans-serif" font-size="16" fill="#0f766e">Acme</text></svg>',
  );

const ok = <T>(data: T): ApiResult<T> => ({ success: true, data: JSON.parse(JSON.stringify(data)) as T });
const fail = (status: number, message: string): ApiResult<never> => ({ success: false, status, message });
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

interface Quiz {
  result: QuizResult;
  /** The bank in the order it is served. */
  bank: Question[];
}

function newResult(token: string, overrides: Partial<QuizResult> = {}): QuizResult {
  return {
    assessment_token: token,
    started_at: null,
    finished_at: null,
    survey_completed: false,
    abandoned_at: null,
    expires_at: null,
    blur_on_window_blur: false,
    quiz: {
      company_logo_url: LOGO,
      company_name: 'Acme Robotics',
      support_email: 'talent@acme.example',
      atoms: [
        {
          id: 'javascript',
          name: 'JavaScript',
          num_questions: 5,
          levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25],
        },
      ],
    },
    next_question: null,
    past_questions: [],
    required_atoms_left: 0,
    max_atoms_left: 0,
    quiz_url: null,
    ...overrides,
  };
}

export function createFakeQuizApi(options: FakeQuizOptions = {}): QuizApi & { logged: unknown[] } {
  const latency = options.latencyMs ?? 250;
  const seconds = options.questionSeconds ?? 120;
  // The administered JavaScript and SQL questions, in the order the quizzes serve them.
  const bank = sampleQuestions().filter(
    (q) => q.administered && (q.all_atoms.includes('javascript') || q.all_atoms.includes('sql')),
  );
  const quizzes = new Map<string, Quiz>();
  const add = (result: QuizResult) => {
    // What the briefing says: the seconds each question gets, as the server reports them.
    for (const atom of result.quiz.atoms) atom.seconds_per_question = seconds;
    quizzes.set(result.assessment_token, { result, bank });
  };
  const answered = (n: number, correct: boolean, estimate: number): PastQuestion => ({
    number: n,
    correct,
    atom_id: 'javascript',
    claim: bank[n - 1].claim,
    difficulty_params: bank[n - 1].difficulty_params,
    post_skill_estimate: estimate,
    post_skill_estimate_error: 0.9 - n * 0.08,
  });

  add(newResult(SAMPLE_TOKENS.new));
  add(
    newResult(SAMPLE_TOKENS.unavailable, {
      unavailable: true,
      quiz: {
        ...newResult(SAMPLE_TOKENS.unavailable).quiz,
        atoms: [
          {
            id: 'javascript',
            name: 'JavaScript',
            num_questions: 0,
            levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25],
          },
        ],
      },
    }),
  );
  add(
    newResult(SAMPLE_TOKENS.inProgress, {
      started_at: iso(-6 * 60_000),
      past_questions: [answered(1, true, 0.42), answered(2, false, 0.05)],
      next_question: { number: 3, expires_at: null },
    }),
  );
  add(
    newResult(SAMPLE_TOKENS.timingOut, {
      started_at: iso(-60_000),
      next_question: { number: 1, expires_at: null },
    }),
  );
  add(
    newResult(SAMPLE_TOKENS.done, {
      started_at: iso(-20 * 60_000),
      finished_at: iso(-60_000),
      past_questions: [1, 2, 3, 4, 5].map((n) => answered(n, n % 2 === 1, 0.3 + n * 0.05)),
      required_atoms_left: 1,
      max_atoms_left: 2,
      quiz_url: `/quiz/${SAMPLE_TOKENS.new}`,
    }),
  );
  add(
    newResult(SAMPLE_TOKENS.expired, {
      started_at: iso(-3 * 3_600_000),
      abandoned_at: iso(-2 * 3_600_000),
      next_question: { number: 2, expires_at: iso(-2 * 3_600_000) },
    }),
  );

  const logged: unknown[] = [];
  const quizOf = (token: string) => quizzes.get(token);

  /** SPEC §3: a candidate's question has no correct flags; its clock starts when first served. */
  function serve(quiz: Quiz, n: number): CandidateQuestion {
    const q = quiz.bank[(n - 1) % quiz.bank.length];
    const next = quiz.result.next_question;
    // The timing-out sample's first question has 8 seconds on its clock.
    const limitMs =
      quiz.result.assessment_token === SAMPLE_TOKENS.timingOut && n === 1 ? 8_000 : seconds * 1000;
    const expiresAt = next?.number === n && next.expires_at ? next.expires_at : iso(limitMs);
    quiz.result.next_question = { number: n, expires_at: expiresAt };
    quiz.result.started_at ??= new Date().toISOString();
    if (!quiz.result.past_questions.some((p) => p.number === n)) {
      quiz.result.past_questions.push({
        ...answered(n, false, 0),
        post_skill_estimate: null,
        post_skill_estimate_error: null,
      });
    }
    return {
      number: n,
      expires_at: expiresAt,
      difficulty_params: q.difficulty_params,
      atom_id: 'javascript',
      claim: q.claim,
      question_text: q.question_text,
      code_block: q.code_block,
      code_language: q.code_language,
      answers: q.answers.map(({ text, hash_id }) => ({ text, hash_id })),
    };
  }

  async function call<T>(make: () => ApiResult<T>): Promise<ApiResult<T>> {
    await delay(latency);
    return make();
  }

  return {
    logged,
    getQuiz: (token) =>
      call(() => {
        const quiz = quizOf(token);
        if (!quiz) return fail(404, 'Not found');
        return ok(quiz.result);
      }),
    getQuestion: (token, n) =>
      call(() => {
        const quiz = quizOf(token);
        if (!quiz || quiz.result.next_question?.number !== n) return fail(404, 'Not found');
        return ok(serve(quiz, n));
      }),
    answer: (token, n, body) =>
      call(() => {
        const quiz = quizOf(token);
        const next = quiz?.result.next_question;
        if (!quiz || next?.number !== n) return fail(404, 'Not found');
        // The server owns the clock: the empty answer only once the question has expired.
        if (body.answer === '' && next.expires_at && Date.parse(next.expires_at) > Date.now())
          return fail(400, 'The question has not timed out yet');
        const q = quiz.bank[(n - 1) % quiz.bank.length];
        const correct = q.answers.find((a) => a.hash_id === body.answer)?.c ?? false;
        const past = quiz.result.past_questions.find((p) => p.number === n)!;
        const before = quiz.result.past_questions.filter((p) => p.post_skill_estimate !== null).at(-1);
        const estimate = (before?.post_skill_estimate ?? 0) + (correct ? 0.35 : -0.3) / Math.sqrt(n);
        Object.assign(past, {
          correct,
          post_skill_estimate: Number(estimate.toFixed(3)),
          post_skill_estimate_error: Number((0.95 - n * 0.08).toFixed(3)),
        });
        const last = n >= quiz.result.quiz.atoms[0].num_questions;
        quiz.result.next_question = last ? null : { number: n + 1, expires_at: null };
        const response: AnswerResponse = {
          correct,
          post_skill_estimate: past.post_skill_estimate,
          post_skill_estimate_error: past.post_skill_estimate_error,
          ...(last ? {} : { next_question: { number: n + 1, expires_at: iso(seconds * 1000) } }),
        };
        return ok(response);
      }),
    log: (token, n, body) =>
      call(() => {
        logged.push({ token, question: n, ...body });
        return ok({});
      }),
    track: (event: TrackingEvent) =>
      call(() => {
        logged.push(event);
        return ok({});
      }),
    sendEvents: (token, body) =>
      call(() => {
        for (const e of body.events) logged.push({ token, ...e });
        return ok({ success: true as const, stored: body.events.length, duplicates: 0, refused: [] });
      }),
    survey: (token) =>
      call(() => {
        const quiz = quizOf(token);
        if (!quiz) return fail(404, 'Not found');
        quiz.result.survey_completed = true;
        return ok({});
      }),
    pass243: (token) =>
      call(() => {
        const quiz = quizOf(token);
        if (!quiz) return fail(404, 'Not found');
        quiz.result.started_at ??= new Date().toISOString();
        quiz.result.finished_at = new Date().toISOString();
        quiz.result.next_question = null;
        return ok({});
      }),
    finish: (token) =>
      call(() => {
        const quiz = quizOf(token);
        if (!quiz) return fail(404, 'Not found');
        quiz.result.finished_at ??= new Date().toISOString();
        return ok({});
      }),
    envVars: () => call(() => ok({ demoModeAllowed: false })),
    abandonOnUnload: () => true,
  };
}
