// The question log's flush: what is waiting (in memory while the queue loads, or stored) goes in one
// keepalive request when the page is hidden or closed, or when asked (the done page), each event
// with the id it was queued with; stored jobs stay until the reply says they are in; frozen jobs
// never go.
import type { EventBatchRequest } from '@skillquiz/contracts';
import type { QuizApi } from '../api/quizApi';
import { LOG_WORKER } from './jobs';
import { createQuestionLog } from './questionLog';

const KEY = 'jobs_question-log';
const TOKEN = 'tok_0123456789abcdefghij';

type Sent = { token: string; body: EventBatchRequest; init: unknown };

function fakeApi(reply: 'ok' | 'down' | 'hold' = 'ok') {
  const sent: Sent[] = [];
  let release = () => {};
  const api = {
    log: jest.fn(),
    track: jest.fn(),
    sendEvents: jest.fn(async (token: string, body: EventBatchRequest, init: unknown) => {
      sent.push({ token, body, init });
      if (reply === 'hold') await new Promise<void>((r) => (release = r));
      return reply === 'down'
        ? { success: false as const, status: 0, message: 'offline' }
        : {
            success: true as const,
            data: { success: true as const, stored: body.events.length, duplicates: 0, refused: [] },
          };
    }),
  } as unknown as Pick<QuizApi, 'log' | 'track' | 'sendEvents'>;
  return { api, sent, release: () => release() };
}

let ids = 0;
const newId = () => `event-id-${++ids}`;

function hide(state: 'hidden' | 'visible' = 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const stored = () => JSON.parse(localStorage.getItem(KEY) ?? '[]') as { args: { id?: string } }[];

beforeEach(() => {
  localStorage.clear();
  ids = 0;
});
afterEach(() => hide('visible'));

it('the page hidden: events still in memory (the queue not open yet) go at once, once, with on: leave', async () => {
  const { api, sent, release } = fakeApi('hold');
  const log = createQuestionLog(api, { whenReady: () => new Promise(() => {}), newId });
  const stop = log.flushOnLeave();
  log.logEvent(TOKEN, 3, 'answer_selected', { answer_position: 1 });
  log.track({ token: TOKEN, questionId: 3, event: 4 });
  hide();
  // Closing goes on with pagehide: what is on its way already is not sent twice.
  window.dispatchEvent(new Event('pagehide'));
  expect(sent).toEqual([
    {
      token: TOKEN,
      body: {
        events: [
          {
            id: 'event-id-1',
            kind: 'log',
            at: expect.any(Number),
            number: 3,
            eventName: 'answer_selected',
            eventDetails: { answer_position: 1 },
          },
          { id: 'event-id-2', kind: 'tracking', at: expect.any(Number), questionId: 3, event: 4 },
        ],
        on: 'leave',
      },
      init: { keepalive: true },
    },
  ]);
  release();
  stop();
  hide('visible');
  hide();
  expect(sent).toHaveLength(1); // stopped: no more flushes
});

it('stored jobs go too (not frozen ones); once the server has them they leave the queue, else they stay', async () => {
  // One job an earlier visit stored, and one frozen after its 25 tries.
  localStorage.setItem(
    KEY,
    JSON.stringify([
      {
        _id: 'task-earlier-1',
        handler: LOG_WORKER,
        args: { kind: 'track', event: { token: TOKEN, questionId: 1, event: 4 } },
        priority: 0,
        createdAt: 1,
      },
      {
        _id: 'task-frozen-1',
        handler: LOG_WORKER,
        args: { kind: 'track', id: 'frozen-event', event: { token: TOKEN, questionId: 1, event: 4 } },
        priority: 0,
        createdAt: 2,
        tried: 25,
        freezed: true,
      },
    ]),
  );
  const down = fakeApi('down');
  const log = createQuestionLog(down.api, { whenReady: async () => {}, newId });
  log.start();
  log.logEvent(TOKEN, 2, 'question_shown');
  await new Promise((r) => setTimeout(r, 0)); // the queue module loads and stores the job
  await new Promise((r) => setTimeout(r, 0));
  expect(stored()).toHaveLength(3);
  await log.flush({ leaving: true });
  expect(down.sent.map((s) => s.body.events.map((e) => e.id))).toEqual([['task-earlier-1', 'event-id-1']]);
  expect(stored()).toHaveLength(3); // not confirmed: still queued for the worker
  log.close();

  const up = fakeApi('ok');
  const again = createQuestionLog(up.api, { whenReady: async () => {}, newId });
  again.start();
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
  // The done page's flush: not a leave.
  await again.flush();
  expect(up.sent).toHaveLength(1);
  expect(up.sent[0].body).toEqual({
    events: [
      { id: 'task-earlier-1', kind: 'tracking', questionId: 1, event: 4 },
      { id: 'event-id-1', kind: 'log', at: expect.any(Number), number: 2, eventName: 'question_shown' },
    ],
  });
  expect(stored().map((t) => t.args.id)).toEqual(['frozen-event']);
  again.close();
});

it('nothing waiting: no request', async () => {
  const { api, sent } = fakeApi();
  const log = createQuestionLog(api, { whenReady: () => new Promise(() => {}), newId });
  await log.flush({ leaving: true });
  expect(sent).toEqual([]);
});

it('an event flushed while still in memory and stored meanwhile leaves the queue when the reply comes', async () => {
  const { api, sent, release } = fakeApi('hold');
  let ready!: () => void;
  const log = createQuestionLog(api, { whenReady: () => new Promise<void>((r) => (ready = r)), newId });
  log.track({ token: TOKEN, questionId: 1, event: 4 });
  const flushed = log.flush();
  expect(sent).toHaveLength(1);
  ready(); // the queue opens and stores the job while the flush is on its way
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
  expect(stored().map((t) => t.args.id)).toEqual(['event-id-1']);
  release();
  await flushed;
  expect(stored()).toEqual([]);
  log.close();
});
