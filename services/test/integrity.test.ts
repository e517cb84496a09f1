// The statistical integrity signals over HTTP: a recruiter's GET /api/hiring/invitations/:id/integrity on a
// candidate who took the quiz through the real quiz API (answered at once: every answer a rapid guess),
// then the same quiz with ordinary times (nothing raised); tenancy (another company's invitation is 404)
// and access; and the compromised-question entry in the analytics' Needs review. The questions' time
// model comes from 400 earlier quizzes with lognormal times, inserted through the models.
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { MongoClient, type Db } from 'mongodb';
import { createRng, probabilityCorrect } from '@skillquiz/adaptive';
import { gaussian, simulateBank } from '@skillquiz/item-analysis';
import type {
  InvitationIntegrityResponse,
  InvitationResponse,
  NeedsReviewResponse,
} from '@skillquiz/contracts';
import { Atom, Question, QuizResult, responsesOf, type QuestionDoc, type QuizResultDoc } from '../src/models';
import { served } from './helpers/analytics-fixture';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { takeQuiz } from './helpers/take-quiz';
import { connect } from './quiz-fixtures';

jest.setTimeout(240_000);

let env: AdminStack;
let client: MongoClient;
let db: Db;
const acme = new Browser();
const initech = new Browser();
const admin = new Browser();
const anonymous = new Browser();
/** The question made to leak in the later quizzes. */
let leaked: number;

const url = (p: string) => `${env.baseUrl}${p}`;
async function call<T = any>(b: Browser, method: string, path: string, body?: unknown) {
  const res = await b.fetch(url(path), jsonCall(b, env.baseUrl, method, body, true));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Every question's typical time in the fixture: 20-40 s by id. */
const typicalSeconds = (id: number) => 20 + (id % 5) * 5;

/** 400 answered quizzes of the atom with lognormal times; `leaked` is easier and twice as fast in the last 150. */
async function insertTimedQuizzes(atomId: string): Promise<void> {
  const atom = (await Atom.findById(atomId).lean().exec())!;
  const beta = new Set(atom.beta_question_ordering);
  const bank = (
    await Question.find({ atoms: atomId, administered: true }).lean<QuestionDoc[]>().exec()
  ).filter((q) => !beta.has(q._id));
  const byId = new Map(bank.map((q) => [String(q._id), q]));
  const rng = createRng(36);
  const normal = gaussian(rng);
  const quizzes: Array<{ tau: number; served: ReturnType<typeof served>[] }> = [];
  const counts = new Map<number, number>();
  simulateBank({
    items: bank.map((q) => ({
      id: String(q._id),
      a: q.difficulty_params.a,
      d: q.difficulty_params.d,
      claim: q.claim,
    })),
    numQuestions: 12,
    candidates: 400,
    seed: 7,
    onAnswer: ({ candidate, theta, item, correct }) => {
      const entry = (quizzes[candidate] ??= { tau: 0.3 * normal(), served: [] });
      const q = byId.get(item.id)!;
      counts.set(q._id, (counts.get(q._id) ?? 0) + 1);
      let right = correct;
      let seconds = typicalSeconds(q._id) * Math.exp(-entry.tau + normal() / 2);
      if (candidate >= 250 && q._id === leaked) {
        const p = probabilityCorrect(q.difficulty_params, theta);
        right = rng() < p + 0.4 * (1 - p);
        seconds /= 2;
      }
      const record = served(q, atomId, entry.served.length + 1, true, right);
      record.answered_at = new Date(record.served_at!.getTime() + Math.round(seconds * 1000));
      entry.served.push(record);
    },
  });
  const at = new Date();
  const docs = quizzes.map(({ served: list }, i) => {
    const doc = QuizResult.applyDefaults({
      token: randomBytes(18).toString('base64url'),
      atom_ids: [atomId],
      plan: [{ atom_id: atomId, scored: 12, beta_question_id: null }],
      served: list,
      started_at: at,
      finished_at: at,
    }) as QuizResultDoc;
    return {
      ...doc,
      responses: responsesOf(doc.served),
      responses_rev: doc.rev,
      created_at: at,
      updated_at: new Date(at.getTime() + i),
    };
  });
  await QuizResult.insertMany(docs, { lean: true });
}

beforeAll(async () => {
  env = await startAdminStack({ QUESTION_TIME_LIMIT_SECONDS: '120' });
  client = await MongoClient.connect(env.stack.mongoUri);
  db = client.db();
  await connect(env.stack.mongoUri);
  await signIn(acme, env.baseUrl, env.provider.recruiter);
  await signIn(initech, env.baseUrl, env.provider.secondRecruiter);
  await signIn(admin, env.baseUrl, env.provider.admin);
  await anonymous.fetch(url('/admin'));
  // the most served operational question of the bank leaks: the adaptive start serves it to many
  const atom = (await Atom.findById('javascript').lean().exec())!;
  const first = await Question.find({
    atoms: 'javascript',
    administered: true,
    _id: { $nin: atom.beta_question_ordering },
  })
    .sort({ _id: 1 })
    .lean<QuestionDoc[]>()
    .exec();
  // the question with the most information at theta = 0 is served first to everyone
  leaked = first.reduce((best, q) => {
    const info = (x: QuestionDoc) => {
      const p = probabilityCorrect(x.difficulty_params, 0);
      return x.difficulty_params.a ** 2 * p * (1 - p);
    };
    return info(q) > info(best) ? q : best;
  })._id;
  await insertTimedQuizzes('javascript');
});
afterAll(async () => {
  await mongoose.disconnect();
  await client?.close();
  await env?.stop();
});

describe('GET /api/hiring/invitations/:id/integrity', () => {
  let invitation: InvitationResponse;

  beforeAll(async () => {
    const r = await call<InvitationResponse>(acme, 'POST', '/api/hiring/invitations', {
      candidate_name: 'Quick Clicker',
      candidate_email: 'quick@example.com',
      required_atoms: ['javascript'],
    });
    expect(r.status).toBe(201);
    invitation = r.body;
    await takeQuiz(env.baseUrl, db, invitation.link.split('/quiz/')[1], { right: (n) => n % 3 !== 0 });
  });

  it('answers given at once are very quick answers: a reason to look, with the honest rate and how it is computed', async () => {
    const r = await call<InvitationIntegrityResponse>(
      acme,
      'GET',
      `/api/hiring/invitations/${invitation.invitation.id}/integrity`,
    );
    expect(r.status).toBe(200);
    const atom = r.body.atoms[0];
    expect(atom.atom_id).toBe('javascript');
    expect(atom.status).toBe('computed');
    expect(atom.time_model.calibrated).toBeGreaterThan(10);
    expect(atom.timed).toBeGreaterThan(5);
    const rapid = atom.signals.find((s) => s.kind === 'rapid_guessing')!;
    expect(rapid.flagged).toBe(true);
    expect(rapid.question_numbers.length).toBe(atom.timed);
    expect(rapid.reason).toMatch(
      /^\d+ of \d+ timed answers \(100%\) came faster than a tenth of the question’s usual time/,
    );
    expect(rapid.honest_rate).toMatch(/^About 1 in [\d,]+ candidates who work honestly shows this\.$/);
    expect(rapid.p_value!).toBeLessThanOrEqual(rapid.cutoff);
    expect(atom.rapid_answers).toEqual(rapid.question_numbers);
    expect(atom.effort_aware_scoring).toBe(false);
    expect(r.body.needs_a_look).toBe(true);
    expect(r.body.flags).toBeGreaterThanOrEqual(1);
    expect(r.body.how_computed.join(' ')).toMatch(/None of them is proof/);
  });

  it('the same answers at an ordinary pace raise nothing', async () => {
    const doc = (await db
      .collection('quiz_results')
      .findOne({ invitation: new mongoose.Types.ObjectId(invitation.invitation.id) }))!;
    const rng = createRng(3);
    const normal = gaussian(rng);
    const set: Record<string, Date> = {};
    for (const [i, s] of (doc.served as Array<{ question_id: number; served_at: Date | null }>).entries())
      if (s.served_at)
        set[`served.${i}.answered_at`] = new Date(
          s.served_at.getTime() + Math.round(1000 * typicalSeconds(s.question_id) * Math.exp(normal() / 2)),
        );
    await db.collection('quiz_results').updateOne({ _id: doc._id }, { $set: set });
    const r = await call<InvitationIntegrityResponse>(
      acme,
      'GET',
      `/api/hiring/invitations/${invitation.invitation.id}/integrity`,
    );
    expect(r.status).toBe(200);
    const atom = r.body.atoms[0];
    expect(atom.signals.find((s) => s.kind === 'rapid_guessing')!.flagged).toBe(false);
    expect(atom.signals.find((s) => s.kind === 'preknowledge')!.flagged).toBe(false);
    expect(atom.rapid_answers).toEqual([]);
    expect(r.body.needs_a_look).toBe(atom.signals.some((s) => s.flagged));
    expect(atom.signals.find((s) => s.kind === 'rapid_guessing')!.reason).toMatch(/^No answer came faster/);
  });

  it("another company's invitation is 404, a bad id 404, and a signed-out caller is refused", async () => {
    expect(
      (await call(initech, 'GET', `/api/hiring/invitations/${invitation.invitation.id}/integrity`)).status,
    ).toBe(404);
    expect((await call(acme, 'GET', '/api/hiring/invitations/not-an-id/integrity')).status).toBe(404);
    expect(
      (await call(acme, 'GET', '/api/hiring/invitations/0123456789abcdef01234567/integrity')).status,
    ).toBe(404);
    expect([401, 403]).toContain(
      (await call(anonymous, 'GET', `/api/hiring/invitations/${invitation.invitation.id}/integrity`)).status,
    );
    // an admin sees it (no company chosen: every company)
    expect(
      (await call(admin, 'GET', `/api/hiring/invitations/${invitation.invitation.id}/integrity`)).status,
    ).toBe(200);
  });
});

describe('compromised questions in Needs review', () => {
  it('lists the question that got easier and faster, with the evidence, and flags no other', async () => {
    const r = await call<NeedsReviewResponse>(admin, 'GET', '/api/questions/needs-review?atom=javascript');
    expect(r.status).toBe(200);
    const compromised = r.body.questions.filter((q) =>
      q.flags.some((f) => f.code === 'possibly_compromised'),
    );
    expect(compromised.map((q) => q.id)).toEqual([leaked]);
    const flag = compromised[0].flags.find((f) => f.code === 'possibly_compromised')!;
    expect(flag.reason).toMatch(
      /^Possibly compromised: over its last \d+ of \d+ attempts \d+ were right where its calibration expects [\d.]+, answered in about \d+% of its usual time/,
    );
    expect(flag.reason).toMatch(/retire it/);
  });
});
