// Simulated candidates of known ability taking real quizzes through the real quiz API, so the content
// analytics have something to show on a first run (`npm run simulate`, and the first-run seed of
// `npm start`). Each one gets its own invitation of the given company, its quiz is marked demo_data
// (the screens say how much of what they show is demo data), and it answers every question as a
// 2PL candidate would: correctly with probability P(theta) under the question's parameters.
//
// The simulator reads the served question's key from the database (candidates never get it over the
// API). Beta questions answer to "true" parameters that differ from their provisional ones by a fixed
// amount derived from the question id, so online calibration has something to find.
import { createRng, probabilityCorrect, type DifficultyParams, type Rng } from '@skillquiz/adaptive';
import { gaussian } from '@skillquiz/item-analysis';
import type { AnswerResponse, CandidateQuestion, QuizResult as QuizResultView } from '@skillquiz/contracts';
import { createInvitation, findOrCreateCompany, type CompanyDoc } from '../../hiring';
import { markDemoData, QuizResult, type QuizResultDoc } from '../../quiz';
import { QUIET_HEADER, QUIET_KEY } from '../../platform';

export interface SimulationRun {
  /** The services' base URL (http://host:port). */
  baseUrl: string;
  atom: string;
  candidates: number;
  company: CompanyDoc | { name: string };
  /** Abilities ~ N(mean, sd). */
  population?: { mean: number; sd: number };
  seed?: number;
  /**
   * Candidates taking their quizzes at once (default 1). A run in a process of its own (`npm run
   * simulate`) overlaps its own work, the services' and the database's; the first start's run stays at
   * one, beside real candidates in the same process.
   */
  concurrency?: number;
  /** Called after each finished candidate. */
  onProgress?: (done: number, total: number) => void;
}

export interface SimulationSummary {
  candidates: number;
  answers: number;
}

export async function runSimulatedCandidates(run: SimulationRun): Promise<SimulationSummary> {
  const seed = run.seed ?? 20261122;
  const normal = gaussian(createRng(seed));
  const population = run.population ?? { mean: 0, sd: 1 };
  const company = '_id' in run.company ? run.company : await findOrCreateCompany(run.company);
  // Abilities drawn up front and each candidate's answers from a stream of its own, so what a
  // candidate is and answers does not depend on how the candidates interleave.
  const thetas = Array.from({ length: run.candidates }, () => population.mean + population.sd * normal());
  let next = 0;
  let done = 0;
  let answers = 0;
  const lane = async () => {
    for (let c = next++; c < run.candidates; c = next++) {
      const { quizzes } = await createInvitation({ company, requiredAtoms: [run.atom] });
      const token = quizzes[0].token;
      await markDemoData(token);
      // Two steps on purpose: `answers += await ...` reads `answers` before the await, so with candidates
      // running side by side each would add to a stale total and lose the others' answers.
      const answered = await takeQuiz(run.baseUrl, token, thetas[c], createRng(seed + 1 + c));
      answers += answered;
      run.onProgress?.(++done, run.candidates);
    }
  };
  const lanes = Math.max(1, Math.min(run.concurrency ?? 1, run.candidates));
  await Promise.all(Array.from({ length: lanes }, lane));
  return { candidates: run.candidates, answers };
}

async function takeQuiz(baseUrl: string, token: string, theta: number, rng: Rng): Promise<number> {
  const api = `${baseUrl}/api/quiz/${token}`;
  let next = (await json<QuizResultView>('GET', `${api}/`)).next_question?.number ?? null;
  let answered = 0;
  while (next !== null) {
    const question = await json<CandidateQuestion>('GET', `${api}/question/${next}/`);
    const served = await servedRecord(token, next);
    const params = served.scored
      ? served.snapshot.difficulty_params
      : betaTruth(served.question_id, served.snapshot.difficulty_params);
    const key = served.snapshot.answers.findIndex((a) => a.c);
    const wrong = question.answers
      .map((_, i) => i)
      .filter((i) => question.answers[i].hash_id !== served.snapshot.answers[key]?.hash_id);
    const correct = rng() < probabilityCorrect(params, theta);
    const keyIndex = question.answers.findIndex((a) => a.hash_id === served.snapshot.answers[key]?.hash_id);
    const position = correct || wrong.length === 0 ? keyIndex : wrong[Math.floor(rng() * wrong.length)];
    const reply = await json<AnswerResponse>('POST', `${api}/question/${next}/`, {
      answer: question.answers[position].hash_id,
      answer_position: position,
    });
    answered++;
    next = reply.next_question?.number ?? null;
  }
  await json('POST', `${api}/finish`);
  return answered;
}

async function servedRecord(token: string, number: number) {
  const quiz = await QuizResult.findOne({ token })
    .select({ served: 1 })
    .lean<Pick<QuizResultDoc, 'served'>>()
    .exec();
  const served = quiz?.served.find((s) => s.number === number);
  if (!served) throw new Error(`simulated candidate: quiz ${token.slice(0, 6)}… has no question ${number}`);
  return served;
}

/** A beta question's hidden "true" parameters: its provisional ones, moved by a fixed amount per id. */
export function betaTruth(questionId: number, provisional: DifficultyParams): DifficultyParams {
  const r = createRng(questionId * 7919);
  return { a: provisional.a * (0.7 + 0.8 * r()), d: provisional.d + (r() * 2 - 1) * 1.2 };
}

/** 503s (the database down or stalled) a simulated candidate sits out, as the quiz page does. */
const MAX_UNAVAILABLE_RETRIES = 20;

async function json<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const send = () =>
    fetch(url, {
      method,
      headers: {
        // Quiet in this process's request log (a run in another process, `npm run simulate`, is not).
        [QUIET_HEADER]: QUIET_KEY,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let res = await send();
  // The same request again after Retry-After: every quiz call is safe to repeat.
  for (let i = 0; res.status === 503 && i < MAX_UNAVAILABLE_RETRIES; i++) {
    await res.arrayBuffer();
    const wait = Math.min(10, Math.max(1, Number(res.headers.get('retry-after')) || 1));
    await new Promise((r) => setTimeout(r, wait * 1000));
    res = await send();
  }
  const text = await res.text();
  if (!res.ok)
    throw new Error(
      `simulated candidate: ${method} ${new URL(url).pathname.replace(/quiz\/[^/]+/, 'quiz/…')} → ${res.status} ${text}`,
    );
  return (text ? JSON.parse(text) : undefined) as T;
}
