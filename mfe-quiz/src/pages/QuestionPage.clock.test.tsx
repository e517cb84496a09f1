// The question page's clock (SPEC §4 "Expiry of a question") through the real QuizApp routes and
// page state machine on the real services (libs/remote-kit test-services; the kit is
// ./questionFlowKit.tsx): a question past its deadline, a deadline an outage moved on, and the clock
// running out while the server cannot take the answer. The server's own clock gives a question 30 s
// at least and cannot be run forward, so the page's copy of a deadline is altered at the HTTP layer
// (msw, the reply parsed with the contracts' schema), and so is an outage (503).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bypass, http, HttpResponse, passthrough } from 'msw';
import { AnswerResponseSchema, type CandidateQuestion } from '@skillquiz/contracts';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import { totalQuestions } from '../model/time';
import {
  alteredQuestions,
  errorReply,
  firstRadio,
  inMs,
  newQuizToken,
  quizPath,
  renderAt,
  sentTo,
  serverQuiz,
} from './questionFlowKit';

const services = setupTestServices();

jest.setTimeout(30_000);

beforeEach(() => localStorage.clear());

describe('the server cannot take the answer for now (503 while its database is down)', () => {
  it('the clock running out meanwhile does not replace the answer with the timed-out empty one', async () => {
    const token = await newQuizToken();
    const total = totalQuestions(await serverQuiz(token));
    // Four seconds on the page's clock (time to answer on a busy machine); the database is down for
    // three sends, two seconds apart, so the clock runs out while the page is still sending.
    const served: CandidateQuestion[] = [];
    const bodies: unknown[] = [];
    let acceptedAt = 0;
    let deadline = 0; // the page's deadline for question 1, as served to it
    services.msw.use(
      alteredQuestions(
        services,
        token,
        (q) => {
          const expires = inMs(4000);
          deadline = Date.parse(expires);
          return { ...q, expires_at: expires };
        },
        served,
        { once: true },
      ),
      http.post(services.url(`${quizPath(token)}/question/1/`), async ({ request }) => {
        bodies.push(await request.clone().json());
        if (bodies.length <= 3)
          return errorReply(503, 'The service is briefly unavailable (database unreachable); please retry', {
            'Retry-After': '2',
          });
        acceptedAt = Date.now();
        return passthrough();
      }),
    );
    renderAt(`/quiz/${token}/question/1`);
    await userEvent.click(await firstRadio());
    await userEvent.click(screen.getByRole('button', { name: 'Submit Your Answer' }));
    expect(
      await screen.findByRole('heading', { name: `Question 2 / ${total}` }, { timeout: 12_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('This question has timed out.')).not.toBeInTheDocument();
    // Every send was the answer, the one taken after the page's deadline had passed.
    expect(bodies).toEqual(Array(4).fill({ answer: served[0].answers[0].hash_id, answer_position: 0 }));
    expect(acceptedAt).toBeGreaterThan(deadline);
    // The server took it once.
    expect((await serverQuiz(token)).past_questions.filter((p) => p.number === 1)).toHaveLength(1);
  }, 25_000);
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
    alteredQuestions(services, token, (q) => ({ ...q, expires_at: inMs(-3000) }), served, { once: true }),
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
  services.msw.use(
    alteredQuestions(services, token, (q) => ({ ...q, expires_at: inMs(-3000) }), [], { once: true }),
  );
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
  expect(sentTo(services, `${quizPath(token)}/question/1/`, 'POST')).toHaveLength(1);
}, 10_000);
