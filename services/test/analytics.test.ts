// Content analytics API over real HTTP, signed in through the dev sign-on: statistics from
// simulated candidates who took real quizzes through the quiz API, calibration applied and audited,
// a beta question graduated, the simulator run in a worker, and the guards (admin only, CSRF on
// writes, 4xx on bad input, 409 on a stale version).
import { insertAnsweredQuizzes, served } from './helpers/analytics-fixture';
import { MongoClient, type Db } from 'mongodb';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { connect } from './quiz-fixtures';
import { runSimulatedCandidates, type SimulationSummary } from '../src/ops/seed/simulated-candidates';
import { DEMO_DATA_COMPANY } from '../src/content/analytics/demo-data';
import { Atom, Question, QuizResult, type QuestionDoc } from '../src/models';
import mongoose from 'mongoose';

jest.setTimeout(240_000);

let env: AdminStack;
let client: MongoClient;
let db: Db;
const admin = new Browser();
const viewer = new Browser();
let betaId: number;
let simulated: SimulationSummary;

beforeAll(async () => {
  env = await startAdminStack();
  await signIn(admin, env.baseUrl, env.provider.admin);
  await signIn(viewer, env.baseUrl, env.provider.user).catch(() => undefined);
  client = await MongoClient.connect(env.stack.mongoUri);
  db = client.db();
  await connect(env.stack.mongoUri);
  betaId = (await Atom.findById('javascript').lean().exec())!.beta_question_ordering[0];
  // Real quizzes through the real quiz API, four candidates at a time.
  simulated = await runSimulatedCandidates({
    baseUrl: env.baseUrl,
    atom: 'javascript',
    candidates: 24,
    company: DEMO_DATA_COMPANY,
    concurrency: 4,
  });
});
afterAll(async () => {
  await mongoose.disconnect();
  await client?.close();
  await env?.stop();
});

async function call<T = any>(browser: Browser, method: string, path: string, body?: unknown, csrf = true) {
  const res = await browser.fetch(
    `${env.baseUrl}${path}`,
    jsonCall(browser, env.baseUrl, method, body, csrf),
  );
  return { status: res.status, body: (await res.json()) as T };
}

describe('statistics', () => {
  it('counts what the quizzes served, per question, and marks demo data', async () => {
    // Every simulated candidate finished, and the run counted every answer they gave.
    const demo = await db.collection('quiz_results').find({ demo_data: true }).toArray();
    expect(demo).toHaveLength(24);
    expect(demo.every((q) => q.finished_at !== null)).toBe(true);
    const answered = demo.flatMap((q) => q.served).filter((s) => s.answered_at !== null);
    expect(simulated).toEqual({ candidates: 24, answers: answered.length });
    const list = await call(admin, 'GET', '/api/questions/statistics?atom=javascript');
    expect(list.status).toBe(200);
    const ids = Object.keys(list.body.statistics);
    expect(ids.length).toBeGreaterThan(5);
    // The beta question is served once per quiz.
    const beta = list.body.statistics[String(betaId)];
    expect(beta).toMatchObject({ served: 24, answered: 24, timeouts: 0 });
    // Simulated candidates answer at once: no response time is made up from them.
    expect(beta).toMatchObject({ medianResponseMs: null, p90ResponseMs: null });
    // Cross-check one scored question's counts against the stored served records.
    const some = Number(ids.find((id) => Number(id) !== betaId));
    const quizzes = await db
      .collection('quiz_results')
      .find({ 'served.question_id': some })
      .project({ served: 1 })
      .toArray();
    const served = quizzes
      .flatMap((q) => q.served)
      .filter((s: { question_id: number }) => s.question_id === some);
    const correct = served.filter((s: { correct: boolean }) => s.correct).length;
    expect(list.body.statistics[String(some)]).toMatchObject({
      served: served.length,
      answered: served.length,
      shareCorrect: correct / served.length,
    });

    const one = await call(admin, 'GET', `/api/questions/${betaId}/statistics`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      beta: true,
      demo_answers: 24,
      graduation_max_se: 0.2,
      statistics: { questionId: betaId, served: 24 },
      // Simulated answers are reported apart and, outside a demo deployment, never the basis.
      answers: { real: 0, demo: 24 },
      calibration_basis: 'none',
      calibration: null,
      demo_calibration: { n: 24 },
      apply: { allowed: false, reasons: [expect.stringMatching(/only simulated answers \(24\)/)] },
      apply_rules: { min_answers: 100, max_se: 0.2, z: 1.96 },
    });
    expect(typeof one.body.version).toBe('number');
  });

  it("names a suspected wrong key's rival answer by its text as served, not by its hash id", async () => {
    // 40 python quizzes of four questions: the strong candidates (the other three right) all choose
    // one wrong answer of the first question, the weak ones its key.
    const [victim, ...others] = await Question.find({ atoms: 'python', administered: true })
      .sort({ _id: 1 })
      .limit(4)
      .lean<QuestionDoc[]>()
      .exec();
    const wrong = victim.answers.find((a) => !a.c)!;
    const docs = Array.from({ length: 40 }, (_, i) => {
      const strong = i % 2 === 0;
      const first = served(victim, 'python', 1, true, !strong);
      first.snapshot.answers = first.snapshot.answers.map((a) =>
        a.hash_id === wrong.hash_id ? { ...a, text: '  It prints\n   undefined, then 3 ' } : a,
      );
      return {
        token: `wrong-key-${i}`,
        atom_ids: ['python'],
        served: [first, ...others.map((q, n) => served(q, 'python', n + 2, true, strong))],
        started_at: new Date(),
        finished_at: new Date(),
      };
    });
    await QuizResult.insertMany(docs);
    const one = await call(admin, 'GET', `/api/questions/${victim._id}/statistics`);
    const flag = one.body.statistics.flags.find((f: { code: string }) => f.code === 'possible_wrong_key');
    expect(flag.reason).toMatch(
      /answer "It prints undefined, then 3" was chosen \d+ times and the correct answer only 0/,
    );
    expect(flag.reason).not.toContain(wrong.hash_id);
    const list = await call(admin, 'GET', '/api/questions/statistics?atom=python');
    expect(list.body.statistics[String(victim._id)].flags).toContainEqual(flag);
  });

  it('lists what was answered since the last list, also answers written by another process', async () => {
    const before = await call(admin, 'GET', '/api/questions/statistics?atom=python');
    const [q] = await Question.find({ atoms: 'python', administered: true })
      .sort({ _id: -1 })
      .limit(1)
      .lean<QuestionDoc[]>()
      .exec();
    const servedBefore = before.body.statistics[String(q._id)]?.served ?? 0;
    // written straight into the database, as another services process would have
    await QuizResult.create({
      token: `another-process-${Date.now()}`,
      atom_ids: ['python'],
      served: [served(q, 'python', 1, true, true)],
    });
    const after = await call(admin, 'GET', '/api/questions/statistics?atom=python');
    expect(after.body.statistics[String(q._id)].served).toBe(servedBefore + 1);
    const again = await call(admin, 'GET', '/api/questions/statistics?atom=python');
    expect(again.body).toEqual(after.body);
  });

  it('is admin only and refuses bad input', async () => {
    const anonymous = new Browser();
    expect((await call(anonymous, 'GET', '/api/questions/statistics')).status).toBe(401);
    expect((await call(viewer, 'GET', `/api/questions/${betaId}/statistics`)).status).toBe(403);
    expect((await call(admin, 'GET', '/api/questions/abc/statistics')).status).toBe(404);
    expect((await call(admin, 'GET', '/api/questions/999999/statistics')).status).toBe(404);
    expect((await call(admin, 'GET', '/api/questions/statistics?atom=x&bogus=1')).status).toBe(400);
  });
});

describe('calibration', () => {
  it('applies a calibration only with CSRF and the current version, and audits old and new values', async () => {
    const seen = await call(admin, 'GET', `/api/questions/${betaId}/statistics`);
    const path = `/api/questions/${betaId}/calibration/apply`;
    expect((await call(admin, 'POST', path, { version: seen.body.version }, false)).status).toBe(403);
    expect((await call(admin, 'POST', path, { version: 'x' })).status).toBe(400);
    expect((await call(admin, 'POST', path, { version: seen.body.version + 5 })).status).toBe(409);

    await insertAnsweredQuizzes('javascript', betaId, 900);
    const now = await call(admin, 'GET', `/api/questions/${betaId}/statistics`);
    expect(now.body.calibration.converged).toBe(true);
    // Real answers now exist: they alone are the basis (the 24 simulated ones are left out).
    expect(now.body).toMatchObject({
      calibration_basis: 'real',
      answers: { real: 900, demo: 24 },
      apply: { allowed: true },
    });
    expect(now.body.calibration.n).toBe(900);
    const applied = await call(admin, 'POST', path, { version: now.body.version });
    expect(applied.status).toBe(200);
    expect(applied.body.old).toEqual(now.body.configured);
    expect(applied.body.new.a).toBeCloseTo(now.body.calibration.a, 3);
    expect(applied.body.version).toBe(now.body.version + 1);
    const stored = await db.collection('questions').findOne({ _id: betaId as never });
    expect(stored!.difficulty_params).toEqual(applied.body.new);
    const audit = await db
      .collection('audit_logs')
      .find({ entity: 'question', entity_id: String(betaId) })
      .sort({ at: -1 })
      .limit(1)
      .toArray();
    expect(audit[0].actor).toBe(env.provider.admin.email);
    expect(audit[0].changes.difficulty_params).toEqual({ from: applied.body.old, to: applied.body.new });
    // A quiz already served keeps its snapshot.
    const old = await db
      .collection('quiz_results')
      .findOne({ 'served.question_id': betaId, demo_data: true });
    const snap = old!.served.find((s: { question_id: number }) => s.question_id === betaId).snapshot;
    expect(snap.difficulty_params).toEqual(now.body.configured);
  });

  it('graduates a beta question once its standard errors are below the threshold', async () => {
    const now = await call(admin, 'GET', `/api/questions/${betaId}/statistics`);
    expect(now.body.ready_to_graduate).toBe(true);
    const atomBefore = await db.collection('atoms').findOne({ _id: 'javascript' as never });
    const res = await call(admin, 'POST', `/api/questions/${betaId}/graduate`, { version: now.body.version });
    expect(res.status).toBe(200);
    expect(res.body.administered).toBe(true);
    const atom = await db.collection('atoms').findOne({ _id: 'javascript' as never });
    expect(atom!.beta_question_ordering).not.toContain(betaId);
    // The atom changed: an atom form loaded before cannot save the old ordering back.
    expect(atom!.version).toBe((atomBefore!.version ?? 1) + 1);
    const stale = await call(admin, 'PUT', '/api/atoms/javascript/', {
      beta_question_ordering: atomBefore!.beta_question_ordering,
      version: atomBefore!.version ?? 1,
    });
    expect(stale.status).toBe(409);
    expect((await db.collection('questions').findOne({ _id: betaId as never }))!.administered).toBe(true);
  });

  it('refuses to graduate a question without enough answers, saying why', async () => {
    const other = (await Atom.findById('javascript').lean().exec())!.beta_question_ordering[0];
    const seen = await call(admin, 'GET', `/api/questions/${other}/statistics`);
    const res = await call(admin, 'POST', `/api/questions/${other}/graduate`, { version: seen.body.version });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/no usable calibration yet|not ready to graduate/);
  });
});

describe('simulator', () => {
  it('runs the atom bank through the real engine in a worker', async () => {
    const res = await call(admin, 'POST', '/api/atoms/javascript/simulate', { candidates: 200, mean: 0.5 });
    expect(res.status).toBe(200);
    const r = res.body.report;
    expect(r).toMatchObject({ candidates: 200, population: { mean: 0.5, sd: 1 } });
    expect(r.rmse).toBeGreaterThan(0);
    expect(r.rmse).toBeLessThan(1);
    expect(Array.isArray(r.warnings)).toBe(true);
    expect((await call(admin, 'POST', '/api/atoms/javascript/simulate', { candidates: 10 })).status).toBe(
      400,
    );
    expect((await call(admin, 'POST', '/api/atoms/nope/simulate', {})).status).toBe(404);
    expect((await call(admin, 'POST', '/api/atoms/javascript/simulate', {}, false)).status).toBe(403);
  });
});
