// The quiz's query factories on the real services (libs/remote-kit test-services), through httpQuizApi
// and apiFetch: what each read gives for a real quiz, an unknown token and a missing question, and that
// the query's signal reaches the request (a load no longer wanted is aborted on the wire).
import { http, HttpResponse, delay } from 'msw';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import { createQuizQueryClient, QuizCallError, quizKeys, quizQueries } from './queries';
import { httpQuizApi } from './quizApi';
import { newQuizToken as newFlowQuizToken } from '../pages/questionFlowKit';

const services = setupTestServices();
const queries = quizQueries(httpQuizApi);

jest.setTimeout(30_000);

const newQuizToken = () => newFlowQuizToken('Queries Test');

it('the quiz query gives the quiz result, and null for a token the server does not know (SPEC §8: /404)', async () => {
  const client = createQuizQueryClient();
  const token = await newQuizToken();
  const quiz = await client.fetchQuery(queries.quiz(token));
  expect(quiz?.quiz.company_name).toBe('Acme Robotics');
  expect(quiz?.started_at).toBeFalsy();
  expect(await client.fetchQuery(queries.quiz('tok_doesnotexist0000000000'))).toBeNull();
});

it('the question query serves the question, and a missing one fails with its status', async () => {
  const client = createQuizQueryClient();
  const token = await newQuizToken();
  const first = await client.fetchQuery(queries.question(token, 1));
  expect(first.number).toBe(1);
  expect(first.answers.length).toBeGreaterThan(1);
  const missing = client.fetchQuery(queries.question('tok_doesnotexist0000000000', 1));
  await expect(missing).rejects.toBeInstanceOf(QuizCallError);
  await expect(missing).rejects.toMatchObject({ status: 404 });
});

it("a load no longer wanted is aborted: the query's signal reaches the request", async () => {
  const client = createQuizQueryClient();
  const token = await newQuizToken();
  let seen: AbortSignal | undefined;
  services.msw.use(
    http.get(services.url(`/api/quiz/${token}/`), async ({ request }) => {
      seen = request.signal;
      await delay(5000);
      return HttpResponse.json({});
    }),
  );
  const load = client.fetchQuery(queries.quiz(token)).catch((e: unknown) => e);
  await new Promise((r) => setTimeout(r, 200));
  expect(seen?.aborted).toBe(false);
  await client.cancelQueries({ queryKey: quizKeys.quiz(token) });
  await load;
  expect(seen?.aborted).toBe(true);
});
