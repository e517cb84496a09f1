// The question flow through the real QuizApp routes on the real services (libs/remote-kit
// test-services): a fresh invitation of Acme Robotics made through the hiring API, its questions served
// and its answers taken by the quiz API through the remote's own httpQuizApi, apiFetch and data layer
// (src/api/queries.ts). Replies production can have but the seeded services do not give on demand (a
// 503 while the database is down, a 429) come from msw at the HTTP layer; everything else is the server's.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, passthrough } from 'msw';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import {
  newInvitation,
  newQuizToken as newFlowQuizToken,
  renderAt,
  sentTo as sentBy,
  serverQuiz,
  visited,
} from './questionFlowKit';

const services = setupTestServices();

jest.setTimeout(30_000);

/** A new invitation (as Acme's recruiter, through the real hiring API): its quiz token. */
const newQuizToken = () => newFlowQuizToken('Question Test');

/** The requests the page made to one path (method and path, in order). */
const sentTo = (suffix: string) => sentBy(services, suffix);

beforeEach(() => {
  visited.length = 0;
  localStorage.clear();
});

it('serves question 1 from the server, sends the chosen answer and moves to the question it serves next', async () => {
  const token = await newQuizToken();
  renderAt(`/quiz/${token}/question/1`);
  expect(await screen.findByRole('heading', { name: /^Question 1 \/ \d+$/ })).toBeInTheDocument();
  expect(document.title).toBe('Question 1');
  const submit = screen.getByRole('button', { name: 'Submit Your Answer' });
  expect(submit).toBeDisabled();
  await userEvent.click(screen.getAllByRole('radio')[1]);
  expect(submit).toBeEnabled();
  await userEvent.click(submit);

  expect(await screen.findByRole('heading', { name: /^Question 2 \/ \d+$/ })).toHaveFocus();
  // The router commits the new URL a moment after the next question is drawn.
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${token}/question/2`));
  // Each question fetched once, the answer sent once; the server took it and serves question 2.
  expect(sentTo('/question/1/')).toEqual([
    `GET /api/quiz/${token}/question/1/`,
    `POST /api/quiz/${token}/question/1/`,
  ]);
  expect(sentTo('/question/2/')).toEqual([`GET /api/quiz/${token}/question/2/`]);
  // The URL never goes back to question 1 once it moved on.
  const moved = `/quiz/${token}/question/2`;
  expect(visited.slice(visited.indexOf(moved))).toEqual([moved]);
  const quiz = await serverQuiz(token);
  expect(quiz.next_question?.number).toBe(2);
  expect(quiz.past_questions.map((p) => p.number)).toEqual([1]);
});

it('an answer the server cannot take for now (503, Retry-After) is kept, resent and taken once', async () => {
  const token = await newQuizToken();
  renderAt(`/quiz/${token}/question/1`);
  expect(await screen.findByRole('heading', { name: /^Question 1 \/ \d+$/ })).toBeInTheDocument();

  // The database is down for the first two sends; the third reaches the real services.
  const bodies: string[] = [];
  services.msw.use(
    http.post(services.url(`/api/quiz/${token}/question/1/`), async ({ request }) => {
      bodies.push(await request.clone().text());
      if (bodies.length > 2) return passthrough();
      return HttpResponse.json(
        { success: false, message: 'The service is briefly unavailable' },
        { status: 503, headers: { 'Retry-After': '1' } },
      );
    }),
  );
  const choice = screen.getAllByRole('radio')[0];
  await userEvent.click(choice);
  await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));

  expect(
    await screen.findByText(
      'Reconnecting... Your answer is kept and will be sent as soon as the connection is back.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByText(/^Reconnecting\.\.\./).closest('[aria-live="polite"]')).not.toBeNull();
  expect(choice).toBeChecked();
  expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  expect(
    await screen.findByRole('heading', { name: /^Question 2 \/ \d+$/ }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  expect(screen.queryByText(/Reconnecting\.\.\./)).not.toBeInTheDocument();
  // The same answer every time, and the server counted it once.
  expect(bodies).toHaveLength(3);
  expect(new Set(bodies).size).toBe(1);
  expect(JSON.parse(bodies[0])).toMatchObject({ answer_position: 0 });
  const quiz = await serverQuiz(token);
  expect(quiz.past_questions.filter((p) => p.number === 1)).toHaveLength(1);
  expect(quiz.next_question?.number).toBe(2);
});

it('a send that fails on the network reloads the quiz from the server and stays on the question, answer kept', async () => {
  const token = await newQuizToken();
  renderAt(`/quiz/${token}/question/1`);
  expect(await screen.findByRole('heading', { name: /^Question 1 \/ \d+$/ })).toBeInTheDocument();
  services.msw.use(
    http.post(services.url(`/api/quiz/${token}/question/1/`), () => HttpResponse.error(), { once: true }),
  );
  const choice = screen.getAllByRole('radio')[1];
  await userEvent.click(choice);
  const loadsBefore = sentTo(`/api/quiz/${token}/`).length;
  await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));

  await waitFor(() => expect(sentTo(`/api/quiz/${token}/`).length).toBe(loadsBefore + 1));
  expect(await screen.findByRole('button', { name: 'Submit Your Answer' })).toBeEnabled();
  expect(choice).toBeChecked();
  expect(screen.getByRole('heading', { name: /^Question 1 \/ \d+$/ })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${token}/question/1`);
  // Nothing reached the server: question 1 is still the one to answer.
  expect((await serverQuiz(token)).next_question?.number).toBe(1);
});

describe('quiz load errors', () => {
  it('a rate-limited load (429) says so with Retry, and Retry loads the quiz from the server', async () => {
    const token = await newQuizToken();
    services.msw.use(
      http.get(
        services.url(`/api/quiz/${token}/`),
        () => HttpResponse.json({ success: false, message: 'Too many requests' }, { status: 429 }),
        { once: true },
      ),
    );
    renderAt(`/quiz/${token}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your quiz.");
    expect(alert).toHaveTextContent('Too many requests');
    expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${token}`);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Your exercise has finished loading!' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['500', () => HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 })],
    ['503', () => HttpResponse.json({ success: false, message: 'Briefly unavailable' }, { status: 503 })],
    ['a network failure', () => HttpResponse.error()],
  ])('%s is retryable too (not the 404 page)', async (_name, reply) => {
    const token = await newQuizToken();
    services.msw.use(http.get(services.url(`/api/quiz/${token}/`), reply, { once: true }));
    renderAt(`/quiz/${token}`);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/quiz/${token}`);
  });

  it('a failed reload after a failed send keeps the question and the chosen answer, with a Retry above', async () => {
    const token = await newQuizToken();
    renderAt(`/quiz/${token}/question/1`);
    const choice = (await screen.findAllByRole('radio'))[1];
    await userEvent.click(choice);
    services.msw.use(
      http.post(services.url(`/api/quiz/${token}/question/1/`), () => HttpResponse.error(), { once: true }),
      http.get(
        services.url(`/api/quiz/${token}/`),
        () => HttpResponse.json({ success: false, message: 'Briefly unavailable' }, { status: 503 }),
        { once: true },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your quiz.");
    expect(choice).toBeChecked();
    expect(screen.getByRole('heading', { name: /^Question 1 \/ \d+$/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(choice).toBeChecked();
  });

  it('an unknown token is the shell’s 404', async () => {
    renderAt('/quiz/tok_doesnotexist0000000000/question/1');
    expect(await screen.findByText('not found page')).toBeInTheDocument();
  });

  it('a revoked invitation’s quiz shows the withdrawn screen, not the question', async () => {
    const { invitation, token } = await newInvitation('Revoked Test');
    expect((await fetch(`/api/hiring/invitations/${invitation.id}/revoke`, { method: 'POST' })).status).toBe(
      200,
    );
    renderAt(`/quiz/${token}/question/1`);
    expect(
      await screen.findByRole('heading', { name: 'Acme Robotics withdrew this invitation.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Question 1/ })).not.toBeInTheDocument();
  });
});

describe('question load errors', () => {
  const questionGets = (token: string, n: number) => sentTo(`/api/quiz/${token}/question/${n}/`).length;
  const failing = (token: string, n: number) =>
    http.get(services.url(`/api/quiz/${token}/question/${n}/`), () =>
      HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 }),
    );

  it('a question that fails to load is asked for once: the error with Try again, which asks once more', async () => {
    const token = await newQuizToken();
    services.msw.use(failing(token, 1));
    renderAt(`/quiz/${token}/question/1`);
    // No request follows on its own (it used to be asked for again at once, over and over).
    await new Promise((r) => setTimeout(r, 500));
    expect(questionGets(token, 1)).toBe(1);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the question.');
    expect(alert).toHaveTextContent('Internal server error');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(questionGets(token, 1)).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the question.');
    await new Promise((r) => setTimeout(r, 300));
    expect(questionGets(token, 1)).toBe(2);
    // The server answers again: Try again shows the question.
    services.msw.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /^Question 1 \/ \d+$/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(questionGets(token, 1)).toBe(3);
  });

  it('the next question failing to load is asked for once, with Try again, and then shown', async () => {
    const token = await newQuizToken();
    renderAt(`/quiz/${token}/question/1`);
    await userEvent.click((await screen.findAllByRole('radio'))[0]);
    services.msw.use(failing(token, 2));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the question.');
    // The answer is in and nothing is being sent: the button no longer says 'Submitting...' (SPEC §2:
    // only while sending), and it stays disabled, like the answers, since question 1 was answered.
    const submit = screen.getByRole('button', { name: 'Submit Your Answer' });
    expect(submit).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submitting...' })).not.toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    await new Promise((r) => setTimeout(r, 500));
    expect(questionGets(token, 2)).toBe(1);
    services.msw.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /^Question 2 \/ \d+$/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(questionGets(token, 2)).toBe(2);
  });
});
