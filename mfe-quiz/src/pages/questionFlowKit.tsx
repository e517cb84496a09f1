// The question-flow app tests' kit (QuestionPage.test.tsx, QuestionPage.clock.test.tsx), on the real
// services of libs/remote-kit test-services: quizzes of fresh Acme Robotics invitations made and moved
// on through the real hiring and quiz APIs, the page rendered through the real QuizApp routes, and msw
// handlers that alter one of the server's replies, parsed with the contracts' schema so it cannot
// drift. Not a backend: every reply is the server's, or the server's changed where no API can.
import { render, screen } from '@testing-library/react';
import { bypass, http, HttpResponse } from 'msw';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  AnswerResponseSchema,
  CandidateQuestionSchema,
  QuizResultSchema,
  type AnswerResponse,
  type CandidateQuestion,
  type InvitationResponse,
  type QuizResult,
} from '@skillquiz/contracts';
import type { TestServices } from '@skillquiz/remote-kit/test-services';
import QuizApp from '../QuizApp';
import { totalQuestions } from '../model/time';
import { watchNoDevtools } from '../tracking/devtools';

/** What the shell hands the quiz as its demo sidebar (a test's stand-in reports when it mounts). */
export type SidebarProps = { onMountedChange?: (mounted: boolean) => void };

export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * A new invitation of Acme Robotics (as its recruiter, through the real hiring API), named `name`:
 * the invitation and its quiz token.
 */
export async function newInvitation(
  name = 'Question Flow Test',
): Promise<{ invitation: InvitationResponse['invitation']; token: string }> {
  const res = await fetch('/api/hiring/invitations', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      candidate_name: name,
      candidate_email: `${name.toLowerCase().replace(/\s+/g, '-')}@example.com`,
      required_atoms: ['javascript'],
    }),
  });
  expect(res.status).toBe(201);
  const { link, invitation } = (await res.json()) as InvitationResponse;
  return { invitation, token: new URL(link).pathname.split('/').filter(Boolean).at(-1)! };
}

/** A new invitation's quiz token (newInvitation). */
export const newQuizToken = async (name?: string): Promise<string> => (await newInvitation(name)).token;

export const quizPath = (token: string) => `/api/quiz/${token}`;
export const post = (path: string, body?: unknown) =>
  fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The quiz as the server now holds it (read past msw and the page). */
export async function serverQuiz(token: string): Promise<QuizResult> {
  const res = await fetch(`${quizPath(token)}/`);
  expect(res.status).toBe(200);
  return QuizResultSchema.parse(await res.json());
}

/** Question n served and answered with its first answer through the quiz API: the server's reply. */
export async function answerThroughApi(token: string, n: number): Promise<AnswerResponse> {
  const served = await fetch(`${quizPath(token)}/question/${n}/`);
  expect(served.status).toBe(200);
  const q = CandidateQuestionSchema.parse(await served.json());
  const answered = await post(`${quizPath(token)}/question/${n}/`, {
    answer: q.answers[0].hash_id,
    answer_position: 0,
  });
  expect(answered.status).toBe(200);
  return AnswerResponseSchema.parse(await answered.json());
}

/** Every question but the last answered through the quiz API: the last one's number. */
export async function toLastQuestion(token: string): Promise<number> {
  const total = totalQuestions(await serverQuiz(token));
  for (let n = 1; n < total; n++) {
    expect((await answerThroughApi(token, n)).next_question?.number).toBe(n + 1);
  }
  return total;
}

/** Every question answered and the quiz finished through the quiz API. */
export async function finishThroughApi(token: string): Promise<void> {
  let n: number | undefined = 1;
  while (n !== undefined) n = (await answerThroughApi(token, n)).next_question?.number;
  expect((await post(`${quizPath(token)}/finish`)).ok).toBe(true);
}

/**
 * The server's reply to a GET, changed by `alter` and parsed with its contract schema: for what no
 * API can set (a blur flag, a support address, a demo quiz, the page's copy of a deadline).
 */
export function altered<T>(
  services: TestServices,
  path: string,
  schema: { parse(v: unknown): T },
  alter: (real: T) => T,
  options?: { once: boolean },
) {
  return http.get(
    services.url(path),
    async ({ request }) => {
      const real = schema.parse(await (await fetch(bypass(request))).json());
      return HttpResponse.json(schema.parse(alter(real)) as object);
    },
    options,
  );
}
export const alteredQuiz = (services: TestServices, token: string, alter: (q: QuizResult) => QuizResult) =>
  altered(services, `${quizPath(token)}/`, QuizResultSchema, alter);
/** Every question of the quiz as served, changed by `alter` (each one it served goes in `seen`). */
export const alteredQuestions = (
  services: TestServices,
  token: string,
  alter: (q: CandidateQuestion) => CandidateQuestion,
  seen: CandidateQuestion[] = [],
  options?: { once: boolean },
) =>
  altered(
    services,
    `${quizPath(token)}/question/:n/`,
    CandidateQuestionSchema,
    (q) => {
      seen.push(q);
      return alter(q);
    },
    options,
  );

/** An error response as the services send it (SPEC §8): remote-kit's, the one every remote's tests use. */
export { errorReply } from '@skillquiz/remote-kit/test-services';

/** Every path the router went through, in order (a test empties it when it needs a fresh record). */
export const visited: string[] = [];

/** Where the router is (path and query); each path it goes to is added to `visited`. */
function Where() {
  const l = useLocation();
  useEffect(() => {
    visited.push(l.pathname);
  }, [l.pathname]);
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

export function renderAt(path: string, DemoSidebar?: (p: SidebarProps) => ReactElement | null) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/quiz/*"
          element={<QuizApp watchDevtools={watchNoDevtools} DemoSidebar={DemoSidebar} />}
        />
        <Route path="/404" element={<p>not found page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** The requests the page made (method and path), those whose path ends with `suffix`. */
export const sentTo = (services: TestServices, suffix: string, method?: string) =>
  services.requests
    .filter((r) => new URL(r.url).pathname.endsWith(suffix) && (!method || r.method === method))
    .map((r) => `${r.method} ${new URL(r.url).pathname}`);

/** The first radio of the question on screen (the served order's first answer). */
export const firstRadio = async () => (await screen.findAllByRole('radio'))[0];
