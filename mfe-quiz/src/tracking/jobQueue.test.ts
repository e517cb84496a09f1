// The SPEC §4/§8/§9 queue rules, on jsdom's real localStorage with jest's fake clock (each task waits
// the channel timeout before it runs, so the tests move the clock instead of waiting).
import { JobQueue, type BatchOutcome, type QueueConfig, type QueueWorker, type StoredTask } from './jobQueue';
import { LOG_WORKER, questionLogWorker } from './jobs';
import type { QuizApi } from '../api/quizApi';

const KEY = 'jobs_question-log';
const stored = (): StoredTask[] => JSON.parse(localStorage.getItem(KEY) ?? '[]');

function config(overrides: Partial<QueueConfig> = {}): QueueConfig {
  return {
    storage: localStorage,
    prefix: 'jobs',
    timeout: 1000,
    limit: -1,
    principle: 'fifo',
    ...overrides,
  };
}

/** A worker that answers from a script (true, false, or 'throw'), recording what it was given. */
function scripted(outcomes: (boolean | 'throw')[], retry?: number) {
  const seen: unknown[] = [];
  const worker: QueueWorker<unknown> = {
    retry,
    async handle(args) {
      seen.push(args);
      const next = outcomes.length > 1 ? outcomes.shift()! : outcomes[0];
      if (next === 'throw') throw new Error('refused');
      return next;
    },
  };
  return { worker, seen };
}

/** Moves the fake clock one task at a time: each task runs `timeout` after the previous one ended. */
const runTasks = async (n: number, timeout = 1000) => {
  for (let i = 0; i < n; i++) await jest.advanceTimersByTimeAsync(timeout);
};

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => jest.useRealTimers());

it('keeps tasks in local storage under "{prefix}_{channel}" and runs them first in, first out', async () => {
  const { worker, seen } = scripted([true]);
  const ch = new JobQueue(config(), { W: worker }).create('question-log');
  await ch.add({ handler: 'W', args: 'a' });
  jest.setSystemTime(1_000_001);
  await ch.add({ handler: 'W', args: 'b' });
  expect(stored().map((t) => t.args)).toEqual(['a', 'b']);
  expect(stored()[0]).toMatchObject({ handler: 'W', priority: 0, createdAt: 1_000_000 });

  ch.start();
  await jest.advanceTimersByTimeAsync(999);
  expect(seen).toEqual([]); // SPEC §9: the queue timeout (1000 ms) before a task runs
  await jest.advanceTimersByTimeAsync(1);
  expect(seen).toEqual(['a']);
  await runTasks(1);
  expect(seen).toEqual(['a', 'b']);
  expect(localStorage.getItem(KEY)).toBeNull();
});

it('last in, first out when asked; a higher priority goes first', async () => {
  const { worker, seen } = scripted([true]);
  const ch = new JobQueue(config({ principle: 'lifo' }), { W: worker }).create('c');
  await ch.add({ handler: 'W', args: 'old' });
  jest.setSystemTime(1_000_010);
  await ch.add({ handler: 'W', args: 'new' });
  await ch.add({ handler: 'W', args: 'urgent', priority: 5 });
  ch.start();
  await runTasks(3);
  expect(seen).toEqual(['urgent', 'new', 'old']);
});

it('a task the worker cannot do yet is tried again, and frozen (kept, never run) after its retry count', async () => {
  const { worker, seen } = scripted([false], 3);
  const ch = new JobQueue(config(), { W: worker }).create('question-log');
  await ch.add({ handler: 'W', args: 'x' });
  ch.start();
  await runTasks(2);
  expect(stored()[0]).toMatchObject({ tried: 2, retry: 3, freezed: false, locked: false });
  await runTasks(1);
  expect(stored()[0]).toMatchObject({ tried: 3, freezed: true });
  await runTasks(5);
  expect(seen).toHaveLength(3);
  // A frozen task no longer counts, and does not block a unique one with its tag.
  expect(ch.count()).toBe(0);
  expect(ch.tasks()).toHaveLength(1);
});

const unavailable = { success: false as const, status: 503, message: 'down' };
const logJob = (eventName: string, token = 'tok_0123456789abcdef', id?: string) => ({
  handler: LOG_WORKER,
  args: { kind: 'log', ...(id ? { id } : {}), token, questionNumber: 1, body: { eventName } },
});

it('the log worker: retried 25 times, then frozen', async () => {
  const api = {
    log: jest.fn(),
    track: jest.fn(),
    sendEvents: jest.fn(async () => unavailable),
  } as unknown as Pick<QuizApi, 'log' | 'track' | 'sendEvents'>;
  const ch = new JobQueue(config(), { [LOG_WORKER]: questionLogWorker(api) }).create('question-log');
  await ch.add(logJob('question_shown'));
  ch.start();
  await runTasks(30);
  expect(api.sendEvents).toHaveBeenCalledTimes(25);
  expect(stored()[0]).toMatchObject({ tried: 25, retry: 25, freezed: true });
});

it('the log worker gives a send up after its 4000 ms timeout; that try counts as failed', async () => {
  const api = {
    log: jest.fn(),
    track: jest.fn(),
    // Never answers until aborted, like a server that hangs.
    sendEvents: jest.fn(
      (_t: string, _b: unknown, init?: { signal?: AbortSignal }) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    ),
  } as unknown as Pick<QuizApi, 'log' | 'track' | 'sendEvents'>;
  const ch = new JobQueue(config(), { [LOG_WORKER]: questionLogWorker(api) }).create('question-log');
  await ch.add(logJob('x'));
  ch.start();
  await jest.advanceTimersByTimeAsync(1000);
  expect(api.sendEvents).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(3999);
  expect(stored()[0].tried).toBeUndefined();
  await jest.advanceTimersByTimeAsync(1);
  expect(stored()[0]).toMatchObject({ tried: 1, freezed: false });
});

describe('batches: what is waiting goes in one run', () => {
  /** A batch handler answering from a script, per task by its args, recording each batch. */
  function batchWorker(outcome: (args: string) => BatchOutcome, retry?: number, max = Infinity) {
    const batches: string[][] = [];
    const worker: QueueWorker<string> = {
      retry,
      handle: async () => {
        throw new Error('a batch worker is handed batches');
      },
      batch: {
        key: (args) => args.split(':')[0],
        fits: (taken) => taken.length < max,
        handle: async (tasks) => {
          batches.push(tasks.map((t) => t.args));
          return tasks.map((t) => outcome(t.args));
        },
      },
    };
    return { worker, batches };
  }

  it('every waiting task of one key, first in first out, after the queue timeout; each with its own outcome, tries and freeze', async () => {
    const { worker, batches } = batchWorker(
      (a) => (a.endsWith('retry') ? 'retry' : a.endsWith('bad') ? 'refused' : 'done'),
      2,
    );
    const ch = new JobQueue(config(), { W: worker }).create('question-log');
    for (const [i, args] of ['q1:a', 'q2:other', 'q1:retry', 'q1:bad', 'q1:b'].entries()) {
      jest.setSystemTime(1_000_000 + i);
      await ch.add({ handler: 'W', args });
    }
    ch.start();
    await jest.advanceTimersByTimeAsync(999);
    expect(batches).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['q1:a', 'q1:retry', 'q1:bad', 'q1:b']]);
    expect(stored().map((t) => [t.args, t.tried ?? 0, t.freezed ?? false])).toEqual([
      ['q2:other', 0, false],
      ['q1:retry', 1, false],
    ]);
    await runTasks(1);
    expect(batches[1]).toEqual(['q2:other']);
    await runTasks(1);
    expect(batches[2]).toEqual(['q1:retry']);
    // Frozen after its 2 tries, kept, never run again.
    expect(stored()).toEqual([expect.objectContaining({ args: 'q1:retry', tried: 2, freezed: true })]);
    await runTasks(3);
    expect(batches).toHaveLength(3);
  });

  it('a batch holds what `fits` allows; the rest goes at the next turn', async () => {
    const { worker, batches } = batchWorker(() => 'done', 1, 2);
    const ch = new JobQueue(config(), { W: worker }).create('c');
    for (const args of ['k:1', 'k:2', 'k:3']) await ch.add({ handler: 'W', args });
    ch.start();
    await runTasks(2);
    expect(batches).toEqual([['k:1', 'k:2'], ['k:3']]);
  });

  it('a unique task and the channel limit are decided when added, as without batches', async () => {
    const warn = jest.fn();
    const { worker, batches } = batchWorker(() => 'done');
    const ch = new JobQueue(config({ limit: 2, warn }), { W: worker }).create('c');
    expect(await ch.add({ handler: 'W', args: 'k:1', tag: 't', unique: true })).toEqual(expect.any(String));
    expect(await ch.add({ handler: 'W', args: 'k:2', tag: 't', unique: true })).toBe(false);
    await ch.add({ handler: 'W', args: 'k:3' });
    expect(await ch.add({ handler: 'W', args: 'k:4' })).toBe(false);
    expect(warn).toHaveBeenCalledWith("Task limit exceeded: The 'c' channel limit is 2");
    ch.start();
    await runTasks(1);
    expect(batches).toEqual([['k:1', 'k:3']]);
  });

  it('the log worker sends one request per quiz with every waiting event and its stable id', async () => {
    const sent: { token: string; body: { events: { id: string; eventName?: string }[] } }[] = [];
    const api = {
      log: jest.fn(),
      track: jest.fn(),
      sendEvents: jest.fn(async (token: string, body: { events: { id: string }[] }) => {
        sent.push({ token, body } as never);
        return {
          success: true as const,
          data: { success: true, stored: body.events.length, duplicates: 0, refused: [] },
        };
      }),
    } as unknown as Pick<QuizApi, 'log' | 'track' | 'sendEvents'>;
    const ch = new JobQueue(config(), { [LOG_WORKER]: questionLogWorker(api) }).create('question-log');
    await ch.add(logJob('shown', 'tok_a_0123456789ab', 'id-shown-0001'));
    await ch.add(logJob('other quiz', 'tok_b_0123456789ab', 'id-other-0001'));
    await ch.add(logJob('selected', 'tok_a_0123456789ab', 'id-selected-01'));
    await ch.add({
      handler: LOG_WORKER,
      args: {
        kind: 'track',
        id: 'id-copy-00001',
        event: { token: 'tok_a_0123456789ab', questionId: 1, event: 4 },
      },
    });
    ch.start();
    await runTasks(2);
    expect(sent).toEqual([
      {
        token: 'tok_a_0123456789ab',
        body: {
          events: [
            { id: 'id-shown-0001', kind: 'log', number: 1, eventName: 'shown' },
            { id: 'id-selected-01', kind: 'log', number: 1, eventName: 'selected' },
            { id: 'id-copy-00001', kind: 'tracking', questionId: 1, event: 4 },
          ],
        },
      },
      {
        token: 'tok_b_0123456789ab',
        body: { events: [{ id: 'id-other-0001', kind: 'log', number: 1, eventName: 'other quiz' }] },
      },
    ]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('the log worker: events the server refuses are dropped; a batch refused whole is sent again one event at a time', async () => {
    const calls: string[][] = [];
    const api = {
      log: jest.fn(),
      track: jest.fn(),
      sendEvents: jest.fn(async (_t: string, body: { events: { id: string; eventName: string }[] }) => {
        calls.push(body.events.map((e) => e.id));
        if (body.events.length > 1) return { success: false as const, status: 400, message: 'bad event' };
        const [e] = body.events;
        if (e.eventName === 'bad') return { success: false as const, status: 400, message: 'bad event' };
        if (e.eventName === 'unserved')
          return {
            success: true as const,
            data: { success: true, stored: 0, duplicates: 0, refused: [{ id: e.id, message: 'not served' }] },
          };
        if (e.eventName === 'flaky') return unavailable;
        return { success: true as const, data: { success: true, stored: 1, duplicates: 0, refused: [] } };
      }),
    } as unknown as Pick<QuizApi, 'log' | 'track' | 'sendEvents'>;
    const ch = new JobQueue(config(), { [LOG_WORKER]: questionLogWorker(api) }).create('question-log');
    for (const name of ['good', 'bad', 'unserved', 'flaky'])
      await ch.add(logJob(name, 'tok_a_0123456789ab', `id-${name}-000`));
    ch.start();
    await runTasks(1);
    expect(calls).toEqual([
      ['id-good-000', 'id-bad-000', 'id-unserved-000', 'id-flaky-000'],
      ['id-good-000'],
      ['id-bad-000'],
      ['id-unserved-000'],
      ['id-flaky-000'],
    ]);
    // Only the transient failure stays, to be tried again.
    expect(stored()).toEqual([
      expect.objectContaining({ args: expect.objectContaining({ id: 'id-flaky-000' }), tried: 1 }),
    ]);
  });
});

it('a task the worker refuses is removed; so is a task whose handler has no worker', async () => {
  const { worker, seen } = scripted(['throw']);
  const ch = new JobQueue(config(), { W: worker }).create('c');
  await ch.add({ handler: 'W', args: 'refused' });
  await ch.add({ handler: 'Nobody', args: 'orphan' });
  await ch.add({ handler: 'W', args: 'after' });
  ch.start();
  await runTasks(3);
  expect(seen).toEqual(['refused', 'after']);
  expect(localStorage.getItem('jobs_c')).toBeNull();
});

it('a unique task is dropped while a task with its tag is stored (and not frozen)', async () => {
  const ch = new JobQueue(config(), {}).create('c');
  expect(await ch.add({ handler: 'W', args: 1, tag: 'shown', unique: true })).toEqual(expect.any(String));
  expect(await ch.add({ handler: 'W', args: 2, tag: 'shown', unique: true })).toBe(false);
  expect(await ch.add({ handler: 'W', args: 3, tag: 'shown' })).toEqual(expect.any(String));
  expect(await ch.add({ handler: 'W', args: 4, tag: 'other', unique: true })).toEqual(expect.any(String));
  expect(ch.tasks().map((t) => t.args)).toEqual([1, 3, 4]);
});

it("refuses tasks beyond the channel limit with the warning 'Task limit exceeded'; -1 is no limit", async () => {
  const warn = jest.fn();
  const limited = new JobQueue(config({ limit: 2, warn }), {}).create('c');
  await limited.add({ handler: 'W', args: 1 });
  await limited.add({ handler: 'W', args: 2 });
  expect(await limited.add({ handler: 'W', args: 3 })).toBe(false);
  expect(warn).toHaveBeenCalledWith("Task limit exceeded: The 'c' channel limit is 2");
  expect(limited.count()).toBe(2);

  const unlimited = new JobQueue(config({ limit: -1, warn }), {}).create('d');
  for (let i = 0; i < 50; i++) await unlimited.add({ handler: 'W', args: i });
  expect(unlimited.count()).toBe(50);
  expect(warn).toHaveBeenCalledTimes(1);
});

it('a channel never created: \'"{channel}" channel not found\'', () => {
  const queue = new JobQueue(config(), {});
  queue.create('question-log');
  expect(queue.channel('question-log').name).toBe('question-log');
  expect(() => queue.channel('elsewhere')).toThrow('"elsewhere" channel not found');
});

it('stopped, it runs nothing (tasks added meanwhile wait); started again, it replays them', async () => {
  const { worker, seen } = scripted([true]);
  const ch = new JobQueue(config(), { W: worker }).create('c');
  ch.start();
  ch.stop();
  expect(ch.status()).toBe(false);
  await ch.add({ handler: 'W', args: 'offline' });
  await runTasks(5);
  expect(seen).toEqual([]);
  ch.start();
  expect(ch.status()).toBe(true);
  await runTasks(1);
  expect(seen).toEqual(['offline']);
});

it('a running channel picks up a task added while it was idle', async () => {
  const { worker, seen } = scripted([true]);
  const ch = new JobQueue(config(), { W: worker }).create('c');
  ch.start();
  await runTasks(3);
  await ch.add({ handler: 'W', args: 'late' });
  await runTasks(1);
  expect(seen).toEqual(['late']);
});

it('one task at a time: a task added while another is with its worker waits for it', async () => {
  let release!: () => void;
  const seen: string[] = [];
  const worker: QueueWorker<string> = {
    handle: (args) => {
      seen.push(args);
      return args === 'slow' ? new Promise((r) => (release = () => r(true))) : Promise.resolve(true);
    },
  };
  const ch = new JobQueue(config(), { W: worker }).create('c');
  await ch.add({ handler: 'W', args: 'slow' });
  ch.start();
  await runTasks(1);
  await ch.add({ handler: 'W', args: 'next' });
  await runTasks(5);
  expect(seen).toEqual(['slow']);
  release();
  await runTasks(1);
  expect(seen).toEqual(['slow', 'next']);
});

it('replays what an earlier page stored, its old format included; a lock left by a page that went away expires', async () => {
  // As storage-based-queue 1.2.6 left them: one waiting, one locked when its page closed, one frozen.
  localStorage.setItem(
    KEY,
    JSON.stringify([
      { handler: 'W', args: 'waiting', priority: 0, createdAt: 1, _id: '1a' },
      { handler: 'W', args: 'was running', priority: 0, createdAt: 2, _id: '1b', locked: true },
      { handler: 'W', args: 'frozen', priority: 0, createdAt: 3, _id: '1c', freezed: true, tried: 25 },
      {
        handler: 'W',
        args: 'ours, locked now',
        priority: 0,
        createdAt: 4,
        _id: '1d',
        locked: true,
        lockedAt: 999_990,
      },
    ]),
  );
  const { worker, seen } = scripted([true]);
  const ch = new JobQueue(config({ staleLockMs: 60_000 }), { W: worker }).create('question-log');
  ch.start();
  await runTasks(4);
  expect(seen).toEqual(['waiting', 'was running']);
  jest.setSystemTime(1_000_000 + 60_000);
  await ch.add({ handler: 'W', args: 'wake' });
  await runTasks(3);
  expect(seen).toEqual(['waiting', 'was running', 'ours, locked now', 'wake']);
  expect(stored().map((t) => t.args)).toEqual(['frozen']);
});

it('a storage that refuses writes drops the task instead of throwing', async () => {
  const full = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    },
    removeItem: () => {},
  };
  const ch = new JobQueue(config({ storage: full }), {}).create('c');
  await expect(ch.add({ handler: 'W', args: 1 })).resolves.toBe(false);
});
