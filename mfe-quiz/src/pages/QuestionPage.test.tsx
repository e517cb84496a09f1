// The question flow of SPEC §4 through the real QuizApp routes, quiz provider, data layer, log queue
// and page state machine, on the real services (libs/remote-kit test-services), for the states
// beyond the plain serve-and-answer of QuestionPage.services.test.tsx: the last question, a question
// past its deadline, a deadline an outage moved on, the skip route, blur, the support address, page
// close, demo mode and the per-question log. Each quiz is a fresh invitation of Acme Robotics made
// through the real hiring API, brought to the state a case needs through the real quiz API.
// What the server cannot be brought to on demand comes from msw at the HTTP layer, each stubbed or
// altered reply parsed with the contracts' response schema so it cannot drift from the server's:
// a page's copy of a deadline (the server's clock gives 30 s at least and cannot be run forward), an
// outage (503), an error response, a 410, a quiz's blur flag or support address (no API sets them),
// a demo quiz (the test services run with demo mode off).
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bypass, http, HttpResponse, passthrough } from 'msw';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  AnswerResponseSchema,
  CandidateQuestionSchema,
  EnvVarsResponseSchema,
  ErrorResponseSchema,
  QuizResultSchema,
  type AnswerResponse,
  type CandidateQuestion,
  type InvitationResponse,
  type QuizResult,
} from '@skillquiz/contracts';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import QuizApp from '../QuizApp';
import { totalQuestions } from '../model/time';
import { watchNoDevtools } from '../tracking/devtools';

const services = setupTestServices();

jest.setTimeout(30_000);

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A new invitation of Acme Robotics (as its recruiter, through the real hiring API): its quiz token. */
async function newQuizToken(): Promise<string> {
  const res = await fetch('/api/hiring/invitations', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      candidate_name: 'Question Flow Test',
      candidate_email: 'question-flow@example.com',
      required_atoms: ['javascript'],
    }),
  });
  expect(res.status).toBe(201);
  const { link } = (await res.json()) as InvitationResponse;
  return new URL(link).pathname.split('/').filter(Boolean).at(-1)!;
}

const quizPath = (token: string) => `/api/quiz/${token}`;
const post = (path: string, body?: unknown) =>
  fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The quiz as the server now holds it (read past msw and the page). */
async function serverQuiz(token: string): Promise<QuizResult> {
  const res = await fetch(`${quizPath(token)}/`);
  expect(res.status).toBe(200);
  return QuizResultSchema.parse(await res.json());
}

/** Question n served and answered with its first answer through the quiz API: the server's reply. */
async function answerThroughApi(token: string, n: number): Promise<AnswerResponse> {
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
async function toLastQuestion(token: string): Promise<number> {
  const total = totalQuestions(await serverQuiz(token));
  for (let n = 1; n < total; n++) {
    expect((await answerThroughApi(token, n)).next_question?.number).toBe(n + 1);
  }
  return total;
}

/** Every question answered and the quiz finished through the quiz API. */
async function finishThroughApi(token: string): Promise<void> {
  let n: number | undefined = 1;
  while (n !== undefined) n = (await answerThroughApi(token, n)).next_question?.number;
  expect((await post(`${quizPath(token)}/finish`)).ok).toBe(true);
}

/**
 * The server's reply to a GET, changed by `alter` and parsed with its contract schema: for what no
 * API can set (a blur flag, a support address, a demo quiz, the page's copy of a deadline).
 */
function altered<T>(
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
const alteredQuiz = (token: string, alter: (q: QuizResult) => QuizResult) =>
  altered(`${quizPath(token)}/`, QuizResultSchema, alter);
/** Every question of the quiz as served, changed by `alter` (each one it served goes in `seen`). */
const alteredQuestions = (
  token: string,
  alter: (q: CandidateQuestion) => CandidateQuestion,
  seen: CandidateQuestion[] = [],
  options?: { once: boolean },
) =>
  altered(
    `${quizPath(token)}/question/:n/`,
    CandidateQuestionSchema,
    (q) => {
      seen.push(q);
      return alter(q);
    },
    options,
  );

/** An error response as the services send it (SPEC §8), parsed with the contracts' schema. */
const errorReply = (status: number, message: string, headers?: Record<string, string>) =>
  HttpResponse.json(ErrorResponseSchema.parse({ success: false, message }), { status, headers });

/** Every path the router went through, in order. */
const visited: string[] = [];
function Where() {
  const l = useLocation();
  useEffect(() => {
    visited.push(l.pathname);
  }, [l.pathname]);
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(path: string, DemoSidebar?: (p: SidebarProps) => ReactElement | null) {
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
const sentTo = (suffix: string, method?: string) =>
  services.requests
    .filter((r) => new URL(r.url).pathname.endsWith(suffix) && (!method || r.method === method))
    .map((r) => `${r.method} ${new URL(r.url).pathname}`);

/** The first radio of the question on screen (the served order's first answer). */
const firstRadio = async () => (await screen.findAllByRole('radio'))[0];

beforeEach(() => {
  visited.length = 0;
  localStorage.clear();
});

it('finishes the quiz when no next question comes back and goes to done', async () => {
  const token = await newQuizToken();
  const last = await toLastQuestion(token);
  renderAt(`/quiz/${token}/question/${last}`);
  await userEvent.click(await firstRadio());
  await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
  expect(
    await screen.findByRole('heading', { name: "You've completed the JavaScript quiz" }),
  ).toBeInTheDocument();
  expect(sentTo(`${quizPath(token)}/finish`)).toEqual([`POST ${quizPath(token)}/finish`]);
  expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${token}/done`);
  expect((await serverQuiz(token)).finished_at).not.toBeNull();
});

describe('the server cannot take the answer for now (503 while its database is down)', () => {
  it('the clock running out meanwhile does not replace the answer with the timed-out empty one', async () => {
    const token = await newQuizToken();
    const total = totalQuestions(await serverQuiz(token));
    // Two seconds on the page's clock; the database is down for longer (three sends refused).
    const served: CandidateQuestion[] = [];
    const bodies: unknown[] = [];
    services.msw.use(
      alteredQuestions(token, (q) => ({ ...q, expires_at: inMs(2000) }), served, { once: true }),
      http.post(services.url(`${quizPath(token)}/question/1/`), async ({ request }) => {
        bodies.push(await request.clone().json());
        if (bodies.length > 3) return passthrough();
        return errorReply(503, 'The service is briefly unavailable (database unreachable); please retry', {
          'Retry-After': '1',
        });
      }),
    );
    renderAt(`/quiz/${token}/question/1`);
    await userEvent.click(await firstRadio());
    await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
    expect(
      await screen.findByRole('heading', { name: `Question 2 / ${total}` }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('This question has timed out.')).not.toBeInTheDocument();
    expect(bodies).toEqual(Array(4).fill({ answer: served[0].answers[0].hash_id, answer_position: 0 }));
    // The server took it once.
    expect((await serverQuiz(token)).past_questions.filter((p) => p.number === 1)).toHaveLength(1);
  }, 15_000);
});

it('an error response stops silently: no reload, no move', async () => {
  const token = await newQuizToken();
  services.msw.use(
    http.post(services.url(`${quizPath(token)}/question/1/`), () => errorReply(400, 'Bad Request')),
  );
  renderAt(`/quiz/${token}/question/1`);
  await userEvent.click(await firstRadio());
  const loadsBefore = sentTo(`${quizPath(token)}/`).length;
  await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Your Answer' })).toBeEnabled());
  expect(sentTo(`${quizPath(token)}/question/1/`, 'POST')).toHaveLength(1);
  expect(sentTo(`${quizPath(token)}/`).length).toBe(loadsBefore);
  expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${token}/question/1`);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('a timed-out question shows the timed-out view, sends the empty answer and moves on after 2 s', async () => {
  const token = await newQuizToken();
  const total = totalQuestions(await serverQuiz(token));
  // The page's copy of question 1's deadline is in the past. The server's own clock cannot be run
  // past it on demand, so the empty answer the page sends is recorded and the server is given an
  // answer it can take now; its real reply (question 2 next) goes back to the page.
  const served: CandidateQuestion[] = [];
  const bodies: unknown[] = [];
  let sentAt = 0;
  services.msw.use(
    alteredQuestions(token, (q) => ({ ...q, expires_at: inMs(-3000) }), served, { once: true }),
    http.post(services.url(`${quizPath(token)}/question/1/`), async ({ request }) => {
      bodies.push(await request.clone().json());
      sentAt = Date.now();
      const taken = new Request(request.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ answer: served[0].answers[0].hash_id, answer_position: 0 }),
      });
      const res = await fetch(bypass(taken));
      return HttpResponse.json(AnswerResponseSchema.parse(await res.json()), { status: res.status });
    }),
  );
  renderAt(`/quiz/${token}/question/1`);
  expect(await screen.findByRole('heading', { name: 'This question has timed out.' })).toBeInTheDocument();
  expect(screen.getByText('The next question will start momentarily')).toBeInTheDocument();
  await waitFor(() => expect(bodies).toEqual([{ answer: '', answer_position: -1 }]));
  expect(
    await screen.findByRole('heading', { name: `Question 2 / ${total}` }, { timeout: 4000 }),
  ).toBeInTheDocument();
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1500);
});

it("an empty answer refused because an outage moved the deadline shows the question again, on the server's clock", async () => {
  // The page's clock ran out, but the server's has not (as when the database was down meanwhile and
  // the server moved the deadline on): the server refuses the empty answer, says so in the reloaded
  // quiz, and the question must come back with that time, not loop.
  const token = await newQuizToken();
  const total = totalQuestions(await serverQuiz(token));
  services.msw.use(alteredQuestions(token, (q) => ({ ...q, expires_at: inMs(-3000) }), [], { once: true }));
  renderAt(`/quiz/${token}/question/1`);
  expect(await screen.findByRole('heading', { name: 'This question has timed out.' })).toBeInTheDocument();
  expect(
    await screen.findByRole('heading', { name: `Question 1 / ${total}` }, { timeout: 4000 }),
  ).toBeInTheDocument();
  const deadline = (await serverQuiz(token)).next_question?.expires_at;
  expect(deadline).toBeTruthy();
  const leftS = Math.round((Date.parse(deadline!) - Date.now()) / 1000);
  expect(leftS).toBeGreaterThan(10);
  const [, mm, ss] = /Time left for this question: (\d\d):(\d\d)/.exec(document.body.textContent ?? '') ?? [];
  expect(Math.abs(Number(mm) * 60 + Number(ss) - leftS)).toBeLessThanOrEqual(3);
  await new Promise((r) => setTimeout(r, 1500));
  expect(screen.queryByRole('heading', { name: 'This question has timed out.' })).not.toBeInTheDocument();
  expect(sentTo(`${quizPath(token)}/question/1/`, 'POST')).toHaveLength(1);
}, 10_000);

it('the skip route makes the pass_243 call, shows its texts, reloads and follows the result', async () => {
  const token = await newQuizToken();
  // The skip is held at the HTTP layer while the quiz is finished through the quiz API (what the
  // skip does on a demo quiz; the test services run with demo mode off), then reaches the server.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  services.msw.use(
    http.post(services.url(`${quizPath(token)}/pass_243`), async () => {
      await released;
      return passthrough();
    }),
  );
  renderAt(`/quiz/${token}/pass_243`);
  expect(
    await screen.findByRole('heading', { name: '...Being fast and smart for you...' }),
  ).toBeInTheDocument();
  expect(screen.getByText('This can take a while')).toBeInTheDocument();
  await finishThroughApi(token);
  await act(async () => release());
  expect(
    await screen.findByRole('heading', { name: "You've completed the JavaScript quiz" }),
  ).toBeInTheDocument();
  expect(sentTo(`${quizPath(token)}/pass_243`)).toHaveLength(1);
});

it('blur_on_window_blur hides the question while the window is blurred', async () => {
  const token = await newQuizToken();
  services.msw.use(alteredQuiz(token, (q) => ({ ...q, blur_on_window_blur: true })));
  renderAt(`/quiz/${token}/question/1`);
  await firstRadio();
  const answers = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent ?? r.id);
  expect(answers.length).toBeGreaterThan(1);
  act(() => {
    window.dispatchEvent(new Event('blur'));
  });
  expect(screen.queryAllByRole('radio')).toHaveLength(0);
  expect(screen.getByText(/hidden while this window is not in focus/)).toBeInTheDocument();
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent ?? r.id)).toEqual(answers);
});

it('asks before the page is closed while a question is shown', async () => {
  const token = await newQuizToken();
  renderAt(`/quiz/${token}/question/1`);
  await firstRadio();
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(true);
});

describe('abandon on page close (SPEC §4)', () => {
  // jsdom has no sendBeacon: the browser's own, recorded (the remote's httpQuizApi calls it).
  const sendBeacon = jest.fn((_url: string, _body?: BodyInit) => true);
  beforeAll(() => Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true }));
  afterAll(() => Reflect.deleteProperty(navigator, 'sendBeacon'));
  beforeEach(() => sendBeacon.mockClear());
  const pageHide = (persisted = false) =>
    act(() => {
      const e = new Event('pagehide') as Event & { persisted: boolean };
      Object.defineProperty(e, 'persisted', { value: persisted });
      window.dispatchEvent(e);
    });
  const abandonCalls = () => sendBeacon.mock.calls.filter(([url]) => url.endsWith('/abandon'));

  it('sends the unload beacon once when a quiz in progress is closed, not for a cached page', async () => {
    const token = await newQuizToken();
    renderAt(`/quiz/${token}/question/1`);
    await firstRadio();
    pageHide(true);
    expect(abandonCalls()).toHaveLength(0);
    pageHide();
    pageHide();
    expect(abandonCalls()).toHaveLength(1);
    const [url, body] = abandonCalls()[0];
    expect(url).toBe(`${quizPath(token)}/abandon`);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(body as Blob);
    });
    expect(JSON.parse(text)).toEqual({ on: 'unload' });
  });

  it('sends nothing on the done page of a finished quiz', async () => {
    const token = await newQuizToken();
    await finishThroughApi(token);
    renderAt(`/quiz/${token}/done`);
    expect(
      await screen.findByRole('heading', { name: "You've completed the JavaScript quiz" }),
    ).toBeInTheDocument();
    pageHide();
    expect(abandonCalls()).toHaveLength(0);
  });
});

describe('support e-mail (the quiz result’s, else the default)', () => {
  // The seeded companies' support address is the service's default, and no API sets another: the
  // quiz result's address is altered at the HTTP layer.
  const withSupport = (token: string, email: string | undefined) =>
    alteredQuiz(token, (q) => ({ ...q, quiz: { ...q.quiz, support_email: email } }));

  it('the timer’s screen-reader text names the company’s support address', async () => {
    const token = await newQuizToken();
    services.msw.use(withSupport(token, 'help@acme.example'));
    renderAt(`/quiz/${token}/question/1`);
    expect(await screen.findByText(/contact support at help@acme\.example\./)).toBeInTheDocument();
  });

  it('falls back to the default address when the quiz has none', async () => {
    const token = await newQuizToken();
    services.msw.use(withSupport(token, undefined));
    renderAt(`/quiz/${token}/question/1`);
    expect(await screen.findByText(/contact support at support@skillquiz\.example\./)).toBeInTheDocument();
  });

  it('the expired screen links to the company’s support address', async () => {
    // A quiz the candidate abandoned after its first answer, through the quiz API.
    const token = await newQuizToken();
    await answerThroughApi(token, 1);
    expect((await post(`${quizPath(token)}/abandon`, {})).ok).toBe(true);
    expect((await serverQuiz(token)).abandoned_at).not.toBeNull();
    services.msw.use(withSupport(token, 'help@acme.example'));
    renderAt(`/quiz/${token}/question/2`);
    expect(await screen.findByRole('heading', { name: 'Your quiz has timed out.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support at help@acme.example' })).toHaveAttribute(
      'href',
      'mailto:help@acme.example',
    );
  });
});

describe('quiz load errors', () => {
  it('410 shows the expired screen', async () => {
    const token = await newQuizToken();
    services.msw.use(
      http.get(services.url(`${quizPath(token)}/`), () => errorReply(410, 'This quiz has expired')),
    );
    renderAt(`/quiz/${token}/question/1`);
    expect(await screen.findByRole('heading', { name: 'Your quiz has timed out.' })).toBeInTheDocument();
    expect(screen.queryByText('not found page')).not.toBeInTheDocument();
  });
});

type SidebarProps = { onMountedChange?: (mounted: boolean) => void };

describe("the 'Correct' label follows the demo sidebar", () => {
  /** Like the shell's wrapper: reports mounted once rendered; `down` = the remote never loads. */
  const sidebar = (down: boolean) =>
    function Sidebar({ onMountedChange }: SidebarProps) {
      useEffect(() => {
        if (down) return undefined;
        onMountedChange?.(true);
        return () => onMountedChange?.(false);
      }, [onMountedChange]);
      return down ? null : <aside aria-label="Demo sidebar stub" />;
    };

  // The test services run with demo mode off: the server's flag, a demo invitation's quiz and its
  // questions' correct label (what a demo quiz's question carries) come from msw, each parsed with
  // its contract schema.
  let token: string;
  const demoQuiz = () => alteredQuiz(token, (q) => ({ ...q, demo_mode_allowed: true }));
  const envVars = () =>
    http.get(services.url('/api/env-vars'), () =>
      HttpResponse.json(EnvVarsResponseSchema.parse({ demoModeAllowed: true })),
    );
  beforeEach(async () => {
    token = await newQuizToken();
    localStorage.setItem('demoModeEnabled', 'true');
    services.msw.use(
      envVars(),
      alteredQuestions(token, (q) => ({
        ...q,
        answers: q.answers.map((a, i) => (i === 1 ? { ...a, correct: true as const } : a)),
      })),
    );
  });
  afterEach(() => localStorage.clear());

  it('shows it while the sidebar is mounted', async () => {
    services.msw.use(demoQuiz());
    renderAt(`/quiz/${token}/question/1`, sidebar(false));
    await firstRadio();
    expect(await screen.findByText('Correct')).toBeInTheDocument();
  });

  it('a quiz that is not a demo invitation mounts no sidebar, even with demo mode allowed on the server', async () => {
    const mounted = jest.fn();
    renderAt(`/quiz/${token}/question/1`, function Sidebar(p: SidebarProps) {
      mounted();
      return sidebar(false)(p);
    });
    await firstRadio();
    await new Promise((r) => setTimeout(r, 50));
    expect(mounted).not.toHaveBeenCalled();
    expect(screen.queryByRole('complementary', { name: 'Demo sidebar stub' })).not.toBeInTheDocument();
    expect(screen.queryByText('Correct')).not.toBeInTheDocument();
    // It does not even ask whether demo mode is allowed.
    expect(sentTo('/api/env-vars')).toEqual([]);
  });

  it('hides it when the demo remote is down, though the flag was left on', async () => {
    services.msw.use(demoQuiz());
    renderAt(`/quiz/${token}/question/1`, sidebar(true));
    await firstRadio();
    await waitFor(() => expect(sentTo('/api/env-vars')).toEqual(['GET /api/env-vars']));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Correct')).not.toBeInTheDocument();
  });
});

it('the per-question log goes through the queue to the events call, in batches: question shown, answer selected', async () => {
  const token = await newQuizToken();
  renderAt(`/quiz/${token}/question/1`);
  await userEvent.click((await screen.findAllByRole('radio'))[1]);
  // The queue opens when the page is idle and sends what is waiting in one request, each run
  // after SPEC §9's queue timeout.
  // (A page of an earlier test may still send its own token's batch: only this quiz's count.)
  const batches = () =>
    services.requests.filter(
      (r) => r.method === 'POST' && new URL(r.url).pathname === `${quizPath(token)}/events`,
    );
  const sent = async () =>
    (
      await Promise.all(
        batches().map(async (r) => ((await r.clone().json()) as { events: unknown[] }).events),
      )
    ).flat();
  await waitFor(
    async () =>
      expect((await sent()).map((e) => (e as { eventName: string }).eventName)).toContain('answer_selected'),
    { timeout: 8000 },
  );
  const events = await sent();
  const uuid = /^[0-9a-f-]{36}$/;
  expect(events).toEqual(
    expect.arrayContaining([
      {
        id: expect.stringMatching(uuid),
        kind: 'log',
        at: expect.any(Number),
        number: 1,
        eventName: 'question_shown',
        eventDetails: { at: expect.any(Number) },
      },
      {
        id: expect.stringMatching(uuid),
        kind: 'log',
        at: expect.any(Number),
        number: 1,
        eventName: 'answer_selected',
        eventDetails: { answer_position: 1 },
      },
    ]),
  );
  expect(new Set(events.map((e) => (e as { id: string }).id)).size).toBe(events.length);
  // One request per batch, none per event.
  expect(sentTo('/log/')).toEqual([]);
}, 15_000);
