// POST /api/quiz/{token}/events over HTTP against the real services and the embedded engine: the
// quiz page's queued events in one request, stored once per page-made id (a resent batch, a
// page-close flush of events already sent, two copies at once), its bounds (count, bytes, shape)
// refused with nothing stored, a body as sendBeacon sends it, and the event limits of the
// one-event routes (per-token writes, per-quiz cap) kept.
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { EventBatchResponseSchema } from '@skillquiz/contracts';
import { QuestionLog, TrackingEvent } from '../src/models';
import { startStack, type Stack } from './helpers/stack';
import { call, connect, issueQuiz, quizDoc, seedFixture, type Fixture } from './quiz-fixtures';

jest.setTimeout(120_000);

let stack: Stack;
let fx: Fixture;

beforeAll(async () => {
  stack = await startStack({ DEMO_MODE_ALLOWED: 'false' });
  await connect(stack.mongoUri);
  fx = await seedFixture('batch');
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
});

const post = (token: string, body: unknown) => call(stack.baseUrl, 'POST', `/api/quiz/${token}/events`, body);

const log = (number: number, eventName = 'answer_selected') => ({
  id: randomUUID(),
  kind: 'log' as const,
  number,
  eventName,
  eventDetails: { answer_position: 1 },
});
const track = (event = 4, eventDetails?: { l: number; r: number; t: number }) => ({
  id: randomUUID(),
  kind: 'tracking' as const,
  questionId: 1,
  event,
  ...(eventDetails ? { eventDetails } : {}),
});

async function stored(token: string) {
  const [logs, tracking] = await Promise.all([
    QuestionLog.find({ token }).sort({ _id: 1 }).lean(),
    TrackingEvent.find({ token }).sort({ _id: 1 }).lean(),
  ]);
  return { logs, tracking, total: logs.length + tracking.length };
}

/** A quiz with question 1 served (a log is kept only for a served question). */
async function startedQuiz(): Promise<string> {
  const token = await issueQuiz(fx);
  expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`)).status).toBe(200);
  return token;
}

describe('a batch of queued events', () => {
  it('is stored in one request; sent again (whole or overlapping, or twice at once) each event is stored once', async () => {
    const token = await startedQuiz();
    const first = [log(1, 'question_shown'), track(0, { l: 1000, r: 3000, t: 2000 }), log(1), track(4)];
    const r1 = await post(token, { events: first });
    expect(r1.status).toBe(201);
    expect(EventBatchResponseSchema.parse(r1.body)).toEqual({
      success: true,
      stored: 4,
      duplicates: 0,
      refused: [],
    });
    const s1 = await stored(token);
    expect(s1.logs.map((l) => [l.client_id, l.question_number, l.eventName])).toEqual([
      [first[0].id, 1, 'question_shown'],
      [first[2].id, 1, 'answer_selected'],
    ]);
    expect(s1.tracking.map((t) => [t.client_id, t.questionId, t.event, t.eventDetails])).toEqual([
      [first[1].id, 1, 0, { l: 1000, r: 3000, t: 2000 }],
      [first[3].id, 1, 4, {}],
    ]);

    // The same batch again (a retry after a reply that never arrived): nothing new.
    const r2 = await post(token, { events: first });
    expect(r2.status).toBe(201);
    expect(r2.body).toEqual({ success: true, stored: 0, duplicates: 4, refused: [] });
    // The page-close flush: two of those, and one new.
    const late = track(4);
    const r3 = await post(token, { events: [first[2], first[3], late], on: 'leave' });
    expect(r3.body).toEqual({ success: true, stored: 1, duplicates: 2, refused: [] });
    expect((await stored(token)).total).toBe(5);

    // Two copies of one batch at the same moment (the worker's request and the beacon): once.
    const both = [log(1), track(4), track(2), track(3)];
    const replies = await Promise.all([post(token, { events: both }), post(token, { events: both })]);
    expect(replies.map((r) => r.status)).toEqual([201, 201]);
    expect(replies.map((r) => r.body.stored + r.body.duplicates)).toEqual([4, 4]);
    expect(replies[0].body.stored + replies[1].body.stored).toBe(4);
    const s = await stored(token);
    expect(s.total).toBe(9);
    expect(new Set([...s.logs, ...s.tracking].map((e) => e.client_id)).size).toBe(9);
    // What makes "once" hold for copies that pass the first check together: a unique index.
    for (const model of [QuestionLog, TrackingEvent]) {
      expect(await model.collection.indexes()).toContainEqual(
        expect.objectContaining({ key: { token: 1, client_id: 1 }, unique: true }),
      );
    }
  });

  it("keeps when each event happened by the page's clock (client_at) beside when it arrived (at)", async () => {
    const token = await startedQuiz();
    const happened = Date.UTC(2026, 10, 26, 1, 0, 0);
    const before = Date.now();
    const res = await post(token, {
      events: [{ ...track(2), at: happened }, { ...log(1), at: happened + 1500 }, track(3)],
    });
    expect(res.status).toBe(201);
    const s = await stored(token);
    expect(s.tracking.map((t) => t.client_at?.getTime() ?? null)).toEqual([happened, null]);
    expect(s.logs.map((l) => l.client_at?.getTime())).toEqual([happened + 1500]);
    for (const e of [...s.tracking, ...s.logs]) expect(e.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await post(token, { events: [{ ...track(4), at: -1 }] })).status).toBe(400);
    expect((await post(token, { events: [{ ...track(4), at: 'yesterday' }] })).status).toBe(400);
  });

  it('is taken as sendBeacon sends it: JSON in a text/plain body', async () => {
    const token = await startedQuiz();
    const events = [track(4), log(1)];
    const res = await fetch(`${stack.baseUrl}/api/quiz/${token}/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ events, on: 'leave' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, stored: 2, duplicates: 0, refused: [] });
    const bad = await fetch(`${stack.baseUrl}/api/quiz/${token}/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: '{"events": [',
    });
    expect(bad.status).toBe(400);
    expect((await stored(token)).total).toBe(2);
  });

  it('a log of a question never served is refused by id; the rest of the batch is stored', async () => {
    const token = await startedQuiz();
    const unserved = log(5);
    const res = await post(token, { events: [log(1), unserved, track(4)] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      stored: 2,
      duplicates: 0,
      refused: [{ id: unserved.id, message: 'Question 5 has not been served in this quiz' }],
    });
    expect((await stored(token)).total).toBe(2);
  });

  it.each([
    ['no events', { events: [] }, 400, /at least one event/],
    [
      'more events than a batch holds',
      { events: Array.from({ length: CONSTANTS.EVENT_BATCH.MAX_EVENTS + 1 }, () => track(4)) },
      400,
      /at most 100 events per batch/,
    ],
    [
      'an id twice',
      (() => {
        const e = track(4);
        return { events: [e, { ...e }] };
      })(),
      400,
      /appears twice/,
    ],
    ['an id that is not URL-safe', { events: [{ ...track(4), id: 'a b c d e f g' }] }, 400, /id/],
    ['no id', { events: [{ kind: 'tracking', questionId: 1, event: 4 }] }, 400, /id/],
    ['an unknown kind', { events: [{ ...track(4), kind: 'note' }] }, 400, /kind/],
    ['an unknown tracking event', { events: [track(9)] }, 400, /event/],
    ['an unknown field', { events: [{ ...track(4), extra: 1 }] }, 400, /extra|Unrecognized/],
    ['on other than leave', { events: [track(4)], on: 'unload' }, 400, /on must be 'leave'/],
    ['events not a list', { events: 'x' }, 400, /events/],
  ])('%s: 400 and nothing stored', async (_name, body, status, message) => {
    const token = await startedQuiz();
    const res = await post(token, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(message) });
    expect((await stored(token)).total).toBe(0);
  });

  it('a body over 64 KiB: 413 and nothing stored', async () => {
    const token = await startedQuiz();
    const padding = 'x'.repeat(CONSTANTS.LIMITS.EVENT_DETAILS_MAX_BYTES - 200);
    // 20 events of 4 KB: valid one by one, too much in one batch.
    const events = Array.from({ length: 20 }, () => ({ ...log(1), eventDetails: { padding } }));
    const res = await post(token, { events });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(/at most 65536 bytes/) });
    expect((await stored(token)).total).toBe(0);
  });

  it('an unknown token: 404, as on the one-event routes', async () => {
    const res = await post('unknownTokenOf22Chars_x', { events: [track(4)] });
    expect(res.status).toBe(404);
  });
});

describe('the event limits hold for batches', () => {
  it('a batch is one event write of the per-token budget (120 a minute with /log and /tracking), then 429', async () => {
    const token = await startedQuiz();
    for (let i = 0; i < 119; i += 17) {
      const n = Math.min(17, 119 - i);
      const statuses = await Promise.all(
        Array.from({ length: n }, () =>
          call(stack.baseUrl, 'POST', `/api/quiz/${token}/tracking`, { token, questionId: 1, event: 4 }),
        ),
      );
      expect(statuses.map((r) => r.status)).toEqual(statuses.map(() => 201));
    }
    const batch = Array.from({ length: 50 }, () => track(4));
    const last = await post(token, { events: batch });
    expect(last.status).toBe(201);
    expect(last.body.stored).toBe(50);
    const over = await post(token, { events: [track(4)] });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/120 per minute/);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await stored(token)).total).toBe(169);
  });

  it('the per-quiz cap of 5000: what fits is stored, the rest refused by id; a full quiz answers 429', async () => {
    const token = await startedQuiz();
    const quizId = (await quizDoc(token))!._id;
    await TrackingEvent.insertMany(
      Array.from({ length: 4998 }, () => ({
        quiz_result: quizId,
        token,
        questionId: 1,
        event: 4,
        at: new Date(),
      })),
    );
    const events = [track(4), log(1), track(4), track(4)];
    const res = await post(token, { events });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ stored: 2, duplicates: 0 });
    expect(res.body.refused.map((r: { id: string }) => r.id)).toEqual([events[2].id, events[3].id]);
    expect(res.body.refused[0].message).toMatch(/most events .*5000.*not stored/);
    // Already stored ones are still duplicates, not refused, once the quiz is full.
    const again = await post(token, { events: events.slice(0, 2) });
    expect(again.body).toEqual({ success: true, stored: 0, duplicates: 2, refused: [] });
    const full = await post(token, { events: [track(4)] });
    expect(full.status).toBe(429);
    expect(full.body.message).toMatch(/most events .*5000.*not stored/);
    expect((await stored(token)).total).toBe(5000);
  });

  it("a batch sent on the way out (on: 'leave') keeps a page-close pending; any other marks the candidate back", async () => {
    const token = await startedQuiz();
    expect((await call(stack.baseUrl, 'POST', `/api/quiz/${token}/abandon`, { on: 'unload' })).status).toBe(
      200,
    );
    expect((await quizDoc(token))!.left_at).toBeInstanceOf(Date);
    expect((await post(token, { events: [track(4)], on: 'leave' })).status).toBe(201);
    expect((await quizDoc(token))!.left_at).toBeInstanceOf(Date);
    expect((await post(token, { events: [track(4)] })).status).toBe(201);
    expect((await quizDoc(token))!.left_at ?? null).toBeNull();
  });
});
