// A candidate's whole quiz through the quiz API, as the page takes it: each question as the quiz
// serves it, right or wrong as the test chooses (which answer is right is read from the served
// question's snapshot in the database, never from the candidate's reply), then finished and, if asked,
// the survey answered.
import type { Db } from 'mongodb';

export interface TakeQuizOptions {
  /** Whether question `n` (1-based) of `total` is answered right. */
  right: (n: number, total: number) => boolean;
  /**
   * How long question `n` took, in seconds (default 0: at once): its served_at is moved back that far
   * before the answer is sent, and the server's clock measures the rest.
   */
  secondsOf?: (n: number, questionId: number, total: number) => number;
  /**
   * Whether question `n` is answered at once: its served_at is set to just before the answer is sent,
   * so only the answer's own request counts. Without it an "at once" answer also takes the question's
   * fetch and the reads before the answer, which on a loaded machine is a second or more: longer than a
   * short question's rapid-guess threshold.
   */
  atOnce?: (n: number, total: number) => boolean;
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
    const record = doc.served[next - 1] as { question_id: number; served_at: Date; snapshot: any };
    const plan = (doc.plan ?? []) as Array<{ scored: number; beta_question_id: number | null }>;
    const total = plan.reduce((n, p) => n + p.scored + (p.beta_question_id ? 1 : 0), 0);
    const seconds = opts.secondsOf?.(next, record.question_id, total) ?? 0;
    if (seconds > 0)
      await db.collection('quiz_results').updateOne(
        { token },
        {
          $set: { [`served.${next - 1}.served_at`]: new Date(record.served_at.getTime() - seconds * 1000) },
        },
      );
    const answers = record.snapshot.answers as { hash_id: string; c: boolean }[];
    const pick = answers.findIndex((a) => a.c === opts.right(next!, total));
    if (opts.atOnce?.(next, total))
      await db
        .collection('quiz_results')
        .updateOne({ token }, { $set: { [`served.${next - 1}.served_at`]: new Date() } });
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
