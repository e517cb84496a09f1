// A candidate's whole quiz through the quiz API, as the page takes it: each question as the quiz
// serves it, right or wrong as the test chooses (which answer is right is read from the served
// question's snapshot in the database, never from the candidate's reply), then finished and, if asked,
// the survey answered.
import type { Db } from 'mongodb';

export interface TakeQuizOptions {
  /** Whether question `n` (1-based) is answered right. */
  right: (n: number) => boolean;
  /** The survey's content-relevance rating; no survey when left out. */
  survey?: number;
}

export async function takeQuiz(baseUrl: string, db: Db, token: string, opts: TakeQuizOptions): Promise<void> {
  const q = (path: string, method = 'GET', body?: unknown) =>
    fetch(`${baseUrl}/api/quiz/${token}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  let next: number | null = ((await (await q('/')).json()) as any).next_question?.number ?? null;
  while (next !== null) {
    expect((await q(`/question/${next}/`)).status).toBe(200);
    const doc = (await db.collection('quiz_results').findOne({ token }))!;
    const answers = doc.served[next - 1].snapshot.answers as { hash_id: string; c: boolean }[];
    const pick = answers.findIndex((a) => a.c === opts.right(next!));
    const res = await q(`/question/${next}/`, 'POST', {
      answer: answers[pick].hash_id,
      answer_position: pick,
    });
    expect(res.status).toBe(200);
    next = ((await res.json()) as any).next_question?.number ?? null;
  }
  expect((await q('/finish', 'POST')).status).toBe(200);
  if (opts.survey !== undefined)
    expect((await q('/survey', 'POST', { content_relevant_rating: opts.survey })).status).toBe(200);
}
