// The SPEC §4/§8/§9 queue rules, on jsdom's real localStorage with jest's fake clock (each task waits
// the channel timeout before it runs, so the tests move the clock instead of waiting).
import { JobQueue, type QueueConfig, type QueueWorker, type StoredTask } from './jobQueue';
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

it('the log worker: retried 25 times, then frozen', async () => {
  const api = {
    log: jest.fn(async () => ({ success: false as const, status: 503, message: 'down' })),
    track: jest.fn(),
  } as unknown as Pick<QuizApi, 'log' | 'track'>;
  const ch = new JobQueue(config(), { [LOG_WORKER]: questionLogWorker(api) }).create('question-log');
  await ch.add({
    handler: LOG_WORKER,
    args: { kind: 'log', token: 't', questionNumber: 1, body: { eventName: 'question_shown' } },
  });
  ch.start();
  await runTasks(30);
  expect(api.log).toHaveBeenCalledTimes(25);
  expect(stored()[0]).toMatchObject({ tried: 25, retry: 25, freezed: true });
});

it('the log worker gives a send up after its 4000 ms timeout; that try counts as failed', async () => {
  const api = {
    // Never answers until aborted, like a server that hangs.
    log: jest.fn(
      (_t: string, _n: number, _b: unknown, init?: { signal?: AbortSignal }) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    ),
    track: jest.fn(),
  } as unknown as Pick<QuizApi, 'log' | 'track'>;
  const ch = new JobQueue(config(), { [LOG_WORKER]: questionLogWorker(api) }).create('question-log');
  await ch.add({
    handler: LOG_WORKER,
    args: { kind: 'log', token: 't', questionNumber: 1, body: { eventName: 'x' } },
  });
  ch.start();
  await jest.advanceTimersByTimeAsync(1000);
  expect(api.log).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(3999);
  expect(stored()[0].tried).toBeUndefined();
  await jest.advanceTimersByTimeAsync(1);
  expect(stored()[0]).toMatchObject({ tried: 1, freezed: false });
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
