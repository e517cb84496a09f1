// The question flow of SPEC §4 through the real QuizApp routes, quiz provider, data layer, log queue
// and page state machine, on the real services (libs/remote-kit test-services), for the states
// beyond the plain serve-and-answer of QuestionPage.services.test.tsx: the last question, an error
// response, the skip route, blur, the support address, page close, demo mode and the per-question
// log (the clock's cases are QuestionPage.clock.test.tsx). Each quiz is a fresh invitation of Acme
// Robotics made through the real hiring API, brought to the state a case needs through the real quiz
// API (./questionFlowKit.tsx). What the server cannot be brought to on demand comes from msw at the
// HTTP layer, each stubbed or altered reply parsed with the contracts' response schema so it cannot
// drift from the server's: an error response, a 410, a quiz's blur flag or support address (no API
// sets them), a demo quiz (the test services run with demo mode off).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, passthrough } from 'msw';
import { useEffect } from 'react';
import { EnvVarsResponseSchema } from '@skillquiz/contracts';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import {
  alteredQuestions,
  alteredQuiz,
  answerThroughApi,
  errorReply,
  finishThroughApi,
  firstRadio,
  newQuizToken,
  post,
  quizPath,
  renderAt,
  sentTo,
  serverQuiz,
  toLastQuestion,
  type SidebarProps,
} from './questionFlowKit';

const services = setupTestServices();

jest.setTimeout(30_000);

beforeEach(() => localStorage.clear());

it('finishes the quiz when no next question comes back and goes to done', async () => {
  const token = await newQuizToken();
  const last = await toLastQuestion(token);
  renderAt(`/quiz/${token}/question/${last}`);
  await userEvent.click(await firstRadio());
  await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
  expect(
    await screen.findByRole('heading', { name: "You've completed the JavaScript quiz" }),
  ).toBeInTheDocument();
  expect(sentTo(services, `${quizPath(token)}/finish`)).toEqual([`POST ${quizPath(token)}/finish`]);
  expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${token}/done`);
  expect((await serverQuiz(token)).finished_at).not.toBeNull();
});

it('an error response stops silently: no reload, no move', async () => {
  const token = await newQuizToken();
  services.msw.use(
    http.post(services.url(`${quizPath(token)}/question/1/`), () => errorReply(400, 'Bad Request')),
  );
  renderAt(`/quiz/${token}/question/1`);
  await userEvent.click(await firstRadio());
  const loadsBefore = sentTo(services, `${quizPath(token)}/`).length;
  await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Your Answer' })).toBeEnabled());
  expect(sentTo(services, `${quizPath(token)}/question/1/`, 'POST')).toHaveLength(1);
  expect(sentTo(services, `${quizPath(token)}/`).length).toBe(loadsBefore);
  expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${token}/question/1`);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

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
  expect(sentTo(services, `${quizPath(token)}/pass_243`)).toHaveLength(1);
});

it('blur_on_window_blur hides the question while the window is blurred', async () => {
  const token = await newQuizToken();
  services.msw.use(alteredQuiz(services, token, (q) => ({ ...q, blur_on_window_blur: true })));
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
    alteredQuiz(services, token, (q) => ({ ...q, quiz: { ...q.quiz, support_email: email } }));

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
  const demoQuiz = () => alteredQuiz(services, token, (q) => ({ ...q, demo_mode_allowed: true }));
  const envVars = () =>
    http.get(services.url('/api/env-vars'), () =>
      HttpResponse.json(EnvVarsResponseSchema.parse({ demoModeAllowed: true })),
    );
  beforeEach(async () => {
    token = await newQuizToken();
    localStorage.setItem('demoModeEnabled', 'true');
    services.msw.use(
      envVars(),
      alteredQuestions(services, token, (q) => ({
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
    expect(sentTo(services, '/api/env-vars')).toEqual([]);
  });

  it('hides it when the demo remote is down, though the flag was left on', async () => {
    services.msw.use(demoQuiz());
    renderAt(`/quiz/${token}/question/1`, sidebar(true));
    await firstRadio();
    await waitFor(() => expect(sentTo(services, '/api/env-vars')).toEqual(['GET /api/env-vars']));
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
  expect(sentTo(services, '/log/')).toEqual([]);
}, 15_000);
