// First-run demo data: with SEED_DEMO_CANDIDATES set, the start that seeds the demo
// content then runs that many simulated candidates per seeded atom through the real quiz API, in the
// background, marked as demo data; a later start does not run them again, but finishes a run a crash
// stopped half-way; without the variable (the default, and what the test harnesses use) nothing runs.
import { MongoClient, type Db } from 'mongodb';
import { startStack, type Stack } from './helpers/stack';

jest.setTimeout(180_000);

const PER_ATOM = 4;
let stack: Stack | undefined;
let client: MongoClient | undefined;

afterEach(async () => {
  await client?.close();
  await stack?.stop();
  client = undefined;
  stack = undefined;
});

async function open(env: Record<string, string> = {}): Promise<Db> {
  stack = await startStack(env, { mode: 'process' }); // a real process: one test kills it mid-seed
  client = await MongoClient.connect(stack.mongoUri);
  return client.db();
}

const finishedDemoQuizzes = (db: Db, atom: string) =>
  db
    .collection('quiz_results')
    .countDocuments({ demo_data: true, atom_ids: atom, finished_at: { $ne: null } });

async function until(check: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting for the demo candidates');
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('runs the simulated candidates once, after the first seed, marked as demo data', async () => {
  const db = await open({ SEED_DEMO_CANDIDATES: String(PER_ATOM), LOG_LEVEL: 'info' });
  const done = 'demo data: 12 simulated candidates done';
  await until(async () => stack!.services.output.some((line) => line.includes(done)));
  const marker = await db.collection('seed_state').findOne({ _id: 'demo-candidates' as never });
  expect(marker).toMatchObject({ done: true, per_atom: PER_ATOM });
  for (const atom of ['javascript', 'python', 'sql'])
    expect(await finishedDemoQuizzes(db, atom)).toBe(PER_ATOM);
  // Every one of them is a real quiz: questions served and answered through the quiz API.
  const quiz = await db.collection('quiz_results').findOne({ demo_data: true });
  expect(quiz!.served.length).toBeGreaterThan(1);
  expect(quiz!.served.every((s: { answered_at: Date | null }) => s.answered_at !== null)).toBe(true);
  // Thousands of their requests are not written to the request log at info: the start summary and
  // real traffic stay readable. (Debug level still has them.)
  const infoQuizLines = stack!.services.output.filter(
    (l) => l.startsWith('{') && /"level":30/.test(l) && /"route":"\/api\/quiz\//.test(l),
  );
  expect(infoQuizLines).toEqual([]);

  // A later start (the database already seeded) runs none again.
  const before = await db.collection('quiz_results').countDocuments({ demo_data: true });
  await stack!.restartServices({ SEED_DEMO_CANDIDATES: String(PER_ATOM) });
  await new Promise((r) => setTimeout(r, 1500));
  expect(await db.collection('quiz_results').countDocuments({ demo_data: true })).toBe(before);
});

it('resumes a run stopped half-way by a crash: only the candidates still missing, per atom', async () => {
  const perAtom = 8;
  const db = await open({ SEED_DEMO_CANDIDATES: String(perAtom), LOG_LEVEL: 'info' });
  const marker = () => db.collection('seed_state').findOne({ _id: 'demo-candidates' as never });
  // The atoms run one after another: kill the services once the first has begun, long before the end.
  await until(async () => (await finishedDemoQuizzes(db, 'javascript')) >= 2);
  await stack!.services.kill();
  expect(await marker()).toMatchObject({ done: false, per_atom: perAtom });
  const before = await finishedDemoQuizzes(db, 'javascript');
  expect(before).toBeLessThan(perAtom);

  // The next start (the database already seeded) picks the run up where it stopped, once the killed
  // process's lock on the demo-candidates job has lapsed (shortened here from 30 s).
  await stack!.restartServices({
    SEED_DEMO_CANDIDATES: String(perAtom),
    LOG_LEVEL: 'info',
    JOBS_LOCK_LIFETIME_MS: '10000',
  });
  const done = `demo data: ${3 * perAtom - before} simulated candidates done`;
  await until(async () => stack!.services.output.some((line) => line.includes(done)));
  expect(await marker()).toMatchObject({ done: true });
  for (const atom of ['javascript', 'python', 'sql'])
    expect(await finishedDemoQuizzes(db, atom)).toBe(perAtom);
});

it('runs none unless SEED_DEMO_CANDIDATES is set', async () => {
  const db = await open();
  await until(
    async () => (await db.collection('seed_state').findOne({ _id: 'demo' as never }))?.done === true,
  );
  await new Promise((r) => setTimeout(r, 1500));
  expect(await db.collection('quiz_results').countDocuments({ demo_data: true })).toBe(0);
  expect(await db.collection('seed_state').findOne({ _id: 'demo-candidates' as never })).toBeNull();
});
