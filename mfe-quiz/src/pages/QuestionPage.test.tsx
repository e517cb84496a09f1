// The question flow of SPEC §4 through the real QuizApp routes, quiz provider, data layer, log queue
// and page state machine, for the server states the seeded services cannot be brought to on demand:
// a question past its deadline, a deadline an outage moved on, the last question, a quiz result with
// a given support address, blur or demo flag, and replies over time (Retry-After while the clock runs
// out). Each reply is scripted by the test on a QuizApi of jest.fn()s handed to QuizApp's `api` prop
// (no module replaced). The flow on the real services (serve, answer, the 503 resend, load errors)
// is QuestionPage.services.test.tsx.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { CandidateQuestion, QuizResult } from '@skillquiz/contracts';
import { quizResult } from '@skillquiz/contracts/testing';
import QuizApp from '../QuizApp';
import type { QuizApi } from '../api/quizApi';
import { watchNoDevtools } from '../tracking/devtools';

/** Every QuizApi call as a jest.fn: each test says what the server answers. */
const api = {
  getQuiz: jest.fn(),
  getQuestion: jest.fn(),
  answer: jest.fn(),
  log: jest.fn(),
  track: jest.fn(),
  sendEvents: jest.fn(),
  finish: jest.fn(),
  envVars: jest.fn(),
  survey: jest.fn(),
  pass243: jest.fn(),
  abandonOnUnload: jest.fn(),
} satisfies Record<keyof QuizApi, jest.Mock>;

const TOKEN = 'tok_0123456789abcdefghij';
const ok = <T,>(data: T) => ({ success: true as const, data });
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

function question(number: number, expiresAt = inMinutes(2)): CandidateQuestion {
  return {
    number,
    expires_at: expiresAt,
    difficulty_params: { a: 1, d: 0 },
    atom_id: 'javascript',
    claim: null,
    question_text: `Question text ${number} with \`code\``,
    code_block: '',
    code_language: null,
    answers: [
      { text: 'First', hash_id: `q${number}a` },
      { text: 'Second', hash_id: `q${number}b` },
    ],
  };
}

let server: QuizResult;

/** Every path the router went through, in order. */
const visited: string[] = [];
function Where() {
  const l = useLocation();
  useEffect(() => {
    visited.push(l.pathname);
  }, [l.pathname]);
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/quiz/*" element={<QuizApp api={api} watchDevtools={watchNoDevtools} />} />
        <Route path="/404" element={<p>not found page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  visited.length = 0;
  localStorage.clear();
  for (const fn of Object.values(api)) fn.mockReset();
  api.log.mockResolvedValue(ok({}));
  api.track.mockResolvedValue(ok({}));
  api.sendEvents.mockImplementation(async (_t: string, body: { events: unknown[] }) =>
    ok({ success: true, stored: body.events.length, duplicates: 0, refused: [] }),
  );
  server = quizResult({ next_question: { number: 1, expires_at: null } });
  api.getQuiz.mockImplementation(async () => ok(server));
  api.getQuestion.mockImplementation(async (_t: string, n: number) => ok(question(n)));
  api.envVars.mockResolvedValue(ok({ demoModeAllowed: false }));
  api.finish.mockImplementation(async () => {
    server = { ...server, finished_at: new Date().toISOString(), next_question: null };
    return ok({});
  });
});

it('finishes the quiz when no next question comes back and goes to done', async () => {
  api.answer.mockResolvedValue(ok({ correct: false, post_skill_estimate: 0, post_skill_estimate_error: 1 }));
  renderAt(`/quiz/${TOKEN}/question/1`);
  await userEvent.click(await screen.findByRole('radio', { name: 'First' }));
  await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
  expect(
    await screen.findByRole('heading', { name: "You've completed the JavaScript quiz" }),
  ).toBeInTheDocument();
  expect(api.finish).toHaveBeenCalledWith(TOKEN);
  expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${TOKEN}/done`);
});

describe('the server cannot take the answer for now (503 while its database is down)', () => {
  const unavailable = {
    success: false as const,
    status: 503,
    message: 'The service is briefly unavailable (database unreachable); please retry',
    retryAfterSeconds: 1,
  };
  const accepted = ok({
    correct: true,
    post_skill_estimate: 0.3,
    post_skill_estimate_error: 0.8,
    next_question: { number: 2, expires_at: null },
  });

  it('the clock running out meanwhile does not replace the answer with the timed-out empty one', async () => {
    // Two seconds on the clock; the database is down for longer.
    api.getQuestion.mockImplementation(async (_t: string, n: number) =>
      ok(question(n, new Date(Date.now() + 2000).toISOString())),
    );
    api.answer
      .mockResolvedValueOnce(unavailable)
      .mockResolvedValueOnce(unavailable)
      .mockResolvedValueOnce(unavailable)
      .mockResolvedValue(accepted);
    renderAt(`/quiz/${TOKEN}/question/1`);
    await userEvent.click(await screen.findByRole('radio', { name: 'First' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
    expect(
      await screen.findByRole('heading', { name: 'Question 2 / 18' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('This question has timed out.')).not.toBeInTheDocument();
    expect(api.answer.mock.calls.map((c) => c[2])).toEqual(
      Array(4).fill({ answer: 'q1a', answer_position: 0 }),
    );
  }, 15_000);
});

it('an error response stops silently: no reload, no move', async () => {
  api.answer.mockResolvedValue({ success: false, status: 400, message: 'Bad Request' });
  renderAt(`/quiz/${TOKEN}/question/1`);
  await userEvent.click(await screen.findByRole('radio', { name: 'First' }));
  const loadsBefore = api.getQuiz.mock.calls.length;
  await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Your Answer' })).toBeEnabled());
  expect(api.getQuiz.mock.calls.length).toBe(loadsBefore);
  expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${TOKEN}/question/1`);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('a timed-out question shows the timed-out view, sends the empty answer and moves on after 2 s', async () => {
  server = quizResult({
    started_at: inMinutes(-5),
    next_question: { number: 3, expires_at: inMinutes(-0.05) },
  });
  api.getQuestion.mockImplementation(async (_t: string, n: number) =>
    ok(question(n, n === 3 ? inMinutes(-0.05) : inMinutes(2))),
  );
  api.answer.mockResolvedValue(
    ok({
      correct: false,
      post_skill_estimate: 0,
      post_skill_estimate_error: 1,
      next_question: { number: 4, expires_at: null },
    }),
  );
  renderAt(`/quiz/${TOKEN}/question/3`);
  expect(await screen.findByRole('heading', { name: 'This question has timed out.' })).toBeInTheDocument();
  expect(screen.getByText('The next question will start momentarily')).toBeInTheDocument();
  await waitFor(() => expect(api.answer).toHaveBeenCalledWith(TOKEN, 3, { answer: '', answer_position: -1 }));
  const sentAt = Date.now();
  expect(
    await screen.findByRole('heading', { name: 'Question 4 / 18' }, { timeout: 4000 }),
  ).toBeInTheDocument();
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1500);
});

it("an empty answer refused because an outage moved the deadline shows the question again, on the server's clock", async () => {
  // The page's clock ran out, but the database was down meanwhile: the server moved the deadline
  // on and says so in the reloaded quiz; the question must come back with that time, not loop.
  const credited = inMinutes(2);
  server = quizResult({
    started_at: inMinutes(-5),
    next_question: { number: 3, expires_at: inMinutes(-0.05) },
  });
  api.getQuestion.mockImplementation(async (_t: string, n: number) => ok(question(n, inMinutes(-0.05))));
  api.answer.mockImplementation(async () => {
    server = { ...server, next_question: { number: 3, expires_at: credited } };
    return {
      success: false,
      status: 400,
      message: 'An empty answer is accepted only once the question has timed out',
    };
  });
  renderAt(`/quiz/${TOKEN}/question/3`);
  expect(await screen.findByRole('heading', { name: 'This question has timed out.' })).toBeInTheDocument();
  expect(
    await screen.findByRole('heading', { name: 'Question 3 / 18' }, { timeout: 4000 }),
  ).toBeInTheDocument();
  expect(screen.getByText(/Time left for this question: 0[12]:\d\d/)).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 1500));
  expect(screen.queryByRole('heading', { name: 'This question has timed out.' })).not.toBeInTheDocument();
  expect(api.answer).toHaveBeenCalledTimes(1);
}, 10_000);

it('the skip route makes the pass_243 call, shows its texts, reloads and follows the result', async () => {
  let release!: () => void;
  api.pass243.mockImplementation(() => new Promise((r) => (release = () => r(ok({})))));
  renderAt(`/quiz/${TOKEN}/pass_243`);
  expect(
    await screen.findByRole('heading', { name: '...Being fast and smart for you...' }),
  ).toBeInTheDocument();
  expect(screen.getByText('This can take a while')).toBeInTheDocument();
  server = { ...server, started_at: inMinutes(-1), finished_at: inMinutes(0), next_question: null };
  await act(async () => release());
  expect(
    await screen.findByRole('heading', { name: "You've completed the JavaScript quiz" }),
  ).toBeInTheDocument();
  expect(api.pass243).toHaveBeenCalledTimes(1);
});

it('blur_on_window_blur hides the question while the window is blurred', async () => {
  server = quizResult({ blur_on_window_blur: true, next_question: { number: 1, expires_at: null } });
  renderAt(`/quiz/${TOKEN}/question/1`);
  expect(await screen.findByRole('radio', { name: 'First' })).toBeInTheDocument();
  act(() => {
    window.dispatchEvent(new Event('blur'));
  });
  expect(screen.queryByRole('radio', { name: 'First' })).not.toBeInTheDocument();
  expect(screen.getByText(/hidden while this window is not in focus/)).toBeInTheDocument();
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  expect(screen.getByRole('radio', { name: 'First' })).toBeInTheDocument();
});

it('asks before the page is closed while a question is shown', async () => {
  renderAt(`/quiz/${TOKEN}/question/1`);
  await screen.findByRole('radio', { name: 'First' });
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(true);
});

describe('abandon on page close (SPEC §4)', () => {
  const abandonBeacon = api.abandonOnUnload;
  const pageHide = (persisted = false) =>
    act(() => {
      const e = new Event('pagehide') as Event & { persisted: boolean };
      Object.defineProperty(e, 'persisted', { value: persisted });
      window.dispatchEvent(e);
    });
  beforeEach(() => abandonBeacon.mockReset().mockReturnValue(true));

  it('sends the unload beacon once when a quiz in progress is closed, not for a cached page', async () => {
    renderAt(`/quiz/${TOKEN}/question/1`);
    await screen.findByRole('radio', { name: 'First' });
    pageHide(true);
    expect(abandonBeacon).not.toHaveBeenCalled();
    pageHide();
    pageHide();
    expect(abandonBeacon).toHaveBeenCalledTimes(1);
    expect(abandonBeacon).toHaveBeenCalledWith(TOKEN);
  });

  it('sends nothing on the done page of a finished quiz', async () => {
    server = quizResult({ started_at: inMinutes(-5), finished_at: inMinutes(-1), next_question: null });
    renderAt(`/quiz/${TOKEN}/done`);
    expect(
      await screen.findByRole('heading', { name: "You've completed the JavaScript quiz" }),
    ).toBeInTheDocument();
    pageHide();
    expect(abandonBeacon).not.toHaveBeenCalled();
  });
});

describe('support e-mail (the quiz result’s, else the default)', () => {
  const withSupport = (email: string | undefined, overrides: Partial<QuizResult> = {}) => {
    const base = quizResult(overrides);
    return { ...base, quiz: { ...base.quiz, support_email: email } };
  };

  it('the timer’s screen-reader text names the company’s support address', async () => {
    server = withSupport('help@acme.example', { next_question: { number: 1, expires_at: null } });
    renderAt(`/quiz/${TOKEN}/question/1`);
    expect(await screen.findByText(/contact support at help@acme\.example\./)).toBeInTheDocument();
  });

  it('falls back to the default address when the quiz has none', async () => {
    server = withSupport(undefined, { next_question: { number: 1, expires_at: null } });
    renderAt(`/quiz/${TOKEN}/question/1`);
    expect(await screen.findByText(/contact support at support@skillquiz\.example\./)).toBeInTheDocument();
  });

  it('the expired screen links to the company’s support address', async () => {
    server = withSupport('help@acme.example', {
      started_at: inMinutes(-5),
      abandoned_at: inMinutes(-1),
      next_question: { number: 2, expires_at: null },
    });
    renderAt(`/quiz/${TOKEN}/question/2`);
    expect(await screen.findByRole('heading', { name: 'Your quiz has timed out.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support at help@acme.example' })).toHaveAttribute(
      'href',
      'mailto:help@acme.example',
    );
  });
});

describe('quiz load errors', () => {
  it('410 shows the expired screen', async () => {
    api.getQuiz.mockResolvedValue({ success: false, status: 410, message: 'This quiz has expired' });
    renderAt(`/quiz/${TOKEN}/question/1`);
    expect(await screen.findByRole('heading', { name: 'Your quiz has timed out.' })).toBeInTheDocument();
    expect(screen.queryByText('not found page')).not.toBeInTheDocument();
  });
});

describe("the 'Correct' label follows the demo sidebar", () => {
  type SidebarProps = { onMountedChange?: (mounted: boolean) => void };
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

  function renderWithSidebar(Sidebar: (p: SidebarProps) => ReactElement | null) {
    return render(
      <MemoryRouter initialEntries={[`/quiz/${TOKEN}/question/1`]}>
        <Routes>
          <Route
            path="/quiz/*"
            element={<QuizApp api={api} watchDevtools={watchNoDevtools} DemoSidebar={Sidebar} />}
          />
        </Routes>
      </MemoryRouter>,
    );
  }

  beforeEach(() => {
    localStorage.setItem('demoModeEnabled', 'true');
    api.envVars.mockResolvedValue(ok({ demoModeAllowed: true }));
    // A demo invitation's quiz: the only kind that may show the sidebar.
    server = { ...server, demo_mode_allowed: true };
    api.getQuestion.mockImplementation(async (_t: string, n: number) => {
      const q = question(n);
      return ok({ ...q, answers: [q.answers[0], { ...q.answers[1], correct: true }] });
    });
  });
  afterEach(() => localStorage.clear());

  it('shows it while the sidebar is mounted', async () => {
    renderWithSidebar(sidebar(false));
    await screen.findByRole('radio', { name: 'First' });
    expect(await screen.findByText('Correct')).toBeInTheDocument();
  });

  it('a quiz that is not a demo invitation mounts no sidebar, even with demo mode allowed on the server', async () => {
    server = { ...server, demo_mode_allowed: false };
    const mounted = jest.fn();
    renderWithSidebar(function Sidebar(p: SidebarProps) {
      mounted();
      return sidebar(false)(p);
    });
    await screen.findByRole('radio', { name: 'First' });
    await new Promise((r) => setTimeout(r, 50));
    expect(mounted).not.toHaveBeenCalled();
    expect(screen.queryByRole('complementary', { name: 'Demo sidebar stub' })).not.toBeInTheDocument();
    expect(screen.queryByText('Correct')).not.toBeInTheDocument();
    // It does not even ask whether demo mode is allowed.
    expect(api.envVars).not.toHaveBeenCalled();
  });

  it('hides it when the demo remote is down, though the flag was left on', async () => {
    renderWithSidebar(sidebar(true));
    await screen.findByRole('radio', { name: 'First' });
    await waitFor(() => expect(api.envVars).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Correct')).not.toBeInTheDocument();
  });
});

it('the per-question log goes through the queue to the QuizApi, in batches: question shown, answer selected', async () => {
  renderAt(`/quiz/${TOKEN}/question/1`);
  await userEvent.click(await screen.findByRole('radio', { name: 'Second' }));
  // The queue opens when the page is idle and sends what is waiting in one request, each run
  // after SPEC §9's queue timeout.
  const sent = () => api.sendEvents.mock.calls.flatMap(([, body]) => body.events);
  await waitFor(
    () => expect(sent().map((e: { eventName: string }) => e.eventName)).toContain('answer_selected'),
    {
      timeout: 8000,
    },
  );
  expect(api.sendEvents.mock.calls[0][0]).toBe(TOKEN);
  expect(api.sendEvents.mock.calls[0][2]).toEqual({ signal: expect.any(AbortSignal) });
  const uuid = /^[0-9a-f-]{36}$/;
  // (A job an earlier test's page left in the queue may come along: the page replays stored jobs.)
  expect(sent()).toEqual(
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
  expect(new Set(sent().map((e: { id: string }) => e.id)).size).toBe(sent().length);
  expect(api.log).not.toHaveBeenCalled();
}, 15_000);
