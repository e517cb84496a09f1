// The statistical integrity signals over HTTP: a recruiter's GET /api/hiring/invitations/:id/integrity on a
// candidate who took the quiz through the real quiz API (answered at once: every answer a rapid guess),
// then the same quiz with ordinary times (nothing raised); tenancy (another company's invitation is 404)
// and access; and the compromised-question entry in the analytics' Needs review. The questions' time
// model comes from 400 earlier quizzes with lognormal times, inserted through the models.
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { createRng, probabilityCorrect } from '@skillquiz/adaptive';
import { gaussian, simulateBank } from '@skillquiz/item-analysis';
import type {
  InvitationIntegrityResponse,
  InvitationListResponse,
  InvitationResponse,
  NeedsReviewResponse,
} from '@skillquiz/contracts';
import { Atom, Question, QuizResult, responsesOf, type QuestionDoc, type QuizResultDoc } from '../src/models';
import { backfillIntegrityFlags, refreshStaleIntegrityFlags } from '../src/hiring/integrity/at-quiz-end';
import {
  calibrationBase,
  nextCalibrationBase,
  timeModelCache,
  timeModelVersion,
} from '../src/content/analytics/time-model';
import { served } from './helpers/analytics-fixture';
import { Browser, inviteCandidate, useHiringStack } from './helpers/admin-session';
import { until } from './helpers/jobs';
import { takeQuiz as takeWholeQuiz } from './helpers/take-quiz';
import { connect } from './quiz-fixtures';

jest.setTimeout(240_000);

const h = useHiringStack({
  // the reconciliation pass often, so a recalibration reaches the list's counts within the test
  env: { QUESTION_TIME_LIMIT_SECONDS: '120', RECONCILE_EVERY_MS: '500' },
  signIn: ['acme', 'initech', 'admin'],
});
const { acme, initech, admin, call, url } = h;
const anonymous = new Browser();
/** The question made to leak in the later quizzes. */
let leaked: number;

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
  await connect(h.env.stack.mongoUri);
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
    await takeWholeQuiz(h.env.baseUrl, h.db, invitation.link.split('/quiz/')[1], {
      right: (n) => n % 3 !== 0,
    });
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
    const doc = (await h.db
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
    await h.db.collection('quiz_results').updateOne({ _id: doc._id }, { $set: set });
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

/** Takes a quiz through the real quiz API, each answer's time `secondsOf(number, questionId, total)`. */
const takeQuiz = (
  token: string,
  secondsOf: (number: number, questionId: number, total: number) => number,
  right: (number: number, total: number) => boolean,
  atOnce?: (number: number, total: number) => boolean,
) => takeWholeQuiz(h.env.baseUrl, h.db, token, { secondsOf, right, atOnce });

/** An ordinary pace: the question's typical time, spread as the fixture's candidates are (kept under the limit). */
function ordinaryPace(seed: number) {
  const normal = gaussian(createRng(seed));
  return (_n: number, id: number) =>
    typicalSeconds(id) * Math.exp(Math.max(-0.5, Math.min(0.4, normal() / 2)));
}

async function invite(b: Browser, name: string): Promise<{ id: string; token: string }> {
  const created = await inviteCandidate(b, h.env.baseUrl, {
    candidate_name: name,
    candidate_email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    required_atoms: ['javascript'],
  });
  return { id: created.invitation.id, token: created.token };
}

const listIds = async (b: Browser, query: string) => {
  const r = await call<InvitationListResponse>(b, 'GET', `/api/hiring/invitations?${query}`);
  expect(r.status).toBe(200);
  return r.body;
};

describe('the candidates list: "needs a look" and the count of raised signals, stored when the quiz ends', () => {
  let rapid: { id: string; token: string };
  let honest: { id: string; token: string };

  beforeAll(async () => {
    rapid = await invite(acme, 'Rita Rapid');
    honest = await invite(acme, 'Sam Steady');
    await takeQuiz(
      rapid.token,
      () => 0,
      (n) => n % 3 !== 0,
      () => true,
    );
    await takeQuiz(honest.token, ordinaryPace(11), (n) => n % 3 !== 0);
  });

  it('lists the candidate with rapid guesses under needs_a_look=true with the count, not the honest one', async () => {
    const flagged = await listIds(acme, 'needs_a_look=true&q=rita');
    expect(flagged.items.map((i) => i.id)).toEqual([rapid.id]);
    expect(flagged.total).toBe(1);
    expect(flagged.items[0].integrity_flags).toBeGreaterThanOrEqual(1);
    expect((await listIds(acme, 'needs_a_look=true&q=sam')).items).toEqual([]);
    const all = await listIds(acme, 'q=sam');
    expect(all.items.map((i) => [i.id, i.integrity_flags])).toEqual([[honest.id, 0]]);
    // the count is the report's: every raised signal over the candidate's atoms
    const report = await call<InvitationIntegrityResponse>(
      acme,
      'GET',
      `/api/hiring/invitations/${rapid.id}/integrity`,
    );
    expect(flagged.items[0].integrity_flags).toBe(report.body.flags);
    // a candidate whose quiz has not ended has no count yet
    const fresh = await invite(acme, 'Nora Notyet');
    expect((await listIds(acme, 'q=nora')).items.map((i) => [i.id, i.integrity_flags])).toEqual([
      [fresh.id, null],
    ]);
  });

  it("never lists another company's candidate, and refuses a bad filter value", async () => {
    const other = await listIds(initech, 'needs_a_look=true');
    expect(other.items.map((i) => i.id)).not.toContain(rapid.id);
    expect((await listIds(initech, 'q=rita')).items).toEqual([]);
    const bad = await call(acme, 'GET', '/api/hiring/invitations?needs_a_look=yes');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/needs_a_look must be 'true' or 'false'/);
  });

  it('a report read writes nothing to the invitation; once the time model recalibrates, the pass brings the stored count in line', async () => {
    const _id = new mongoose.Types.ObjectId(rapid.id);
    const stored = async () => (await h.db.collection('invitations').findOne({ _id }))!;
    // the pass has caught up: the count is stored at today's time model
    await until(
      async () => (await stored()).integrity_models?.javascript === (await timeModelVersion('javascript')),
      'the count stored at the current time model',
    );
    const doc = (await h.db.collection('quiz_results').findOne({ invitation: _id }))!;
    // the candidate's times as the time model would now read them: ordinary (written directly, with no
    // quiz finishing: the model's version has not moved)
    const pace = ordinaryPace(5);
    const set: Record<string, Date> = {};
    for (const [i, s] of (
      doc.served as Array<{ question_id: number; served_at: Date | null; answered_at: Date }>
    ).entries())
      if (s.served_at)
        set[`served.${i}.served_at`] = new Date(s.answered_at.getTime() - 1000 * pace(i, s.question_id));
    await h.db.collection('quiz_results').updateOne({ _id: doc._id }, { $set: set });

    const before = await stored();
    const report = await call<InvitationIntegrityResponse>(
      acme,
      'GET',
      `/api/hiring/invitations/${rapid.id}/integrity`,
    );
    expect(report.status).toBe(200);
    expect(report.body.needs_a_look).toBe(false);
    // the report differs from the stored count, and reading it wrote nothing to the invitation
    expect(before.integrity_flags).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual(before);
    expect((await listIds(acme, 'needs_a_look=true&q=rita')).total).toBe(1);

    // the quiz is written (as every answer writes it): the time model's version does not move, so the
    // passes (every RECONCILE_EVERY_MS) recompute nothing
    const version = await timeModelVersion('javascript');
    await h.db.collection('quiz_results').updateOne({ _id: doc._id }, { $set: { updated_at: new Date() } });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await timeModelVersion('javascript')).toBe(version);
    expect(await refreshStaleIntegrityFlags(timeModelCache())).toEqual([]);
    expect(await stored()).toEqual(before);

    // more quizzes finish, one short of the next step: still nothing
    const finished = () =>
      QuizResult.countDocuments({ atom_ids: 'javascript', finished_at: { $ne: null } }).exec();
    const short = nextCalibrationBase(calibrationBase(await finished())) - (await finished()) - 1;
    await finishQuizzesLike(short);
    expect(await timeModelVersion('javascript')).toBe(version);
    expect(await refreshStaleIntegrityFlags(timeModelCache())).toEqual([]);
    expect(await stored()).toEqual(before);

    // one more crosses it: the model is recalibrated, and within a pass the count computed at the older
    // version is computed again
    await finishQuizzesLike(1);
    expect(await timeModelVersion('javascript')).not.toBe(version);
    await until(
      async () => (await listIds(acme, 'q=rita')).items[0].integrity_flags === report.body.flags,
      "the list's count brought in line with the report",
    );
    expect((await listIds(acme, 'needs_a_look=true&q=rita')).total).toBe(0);
    expect((await stored()).integrity_models?.javascript).toBe(await timeModelVersion('javascript'));
    const now = await call<InvitationIntegrityResponse>(
      acme,
      'GET',
      `/api/hiring/invitations/${rapid.id}/integrity`,
    );
    expect((await stored()).integrity_flags).toBe(now.body.flags);
  });
  it('invitations whose quiz ended before the count was stored get it from the backfill, once', async () => {
    const _id = new mongoose.Types.ObjectId(honest.id);
    await h.db
      .collection('invitations')
      .updateOne({ _id }, { $unset: { integrity_flags: '', needs_a_look: '' } });
    expect((await listIds(acme, 'q=sam')).items[0].integrity_flags).toBeNull();
    // the start's run left its marker: nothing again
    expect(await backfillIntegrityFlags(timeModelCache())).toBe(0);
    await h.db.collection('seed_state').deleteOne({ _id: 'integrity-flags-backfill' as any });
    expect(await backfillIntegrityFlags(timeModelCache())).toBeGreaterThanOrEqual(1);
    expect((await listIds(acme, 'q=sam')).items[0].integrity_flags).toBe(0);
  });
});

/** `n` more finished quizzes of the fixture's atom with ordinary times: copies of an earlier fixture quiz. */
async function finishQuizzesLike(n: number): Promise<void> {
  if (n < 1) return;
  const model = (await h.db
    .collection('quiz_results')
    .findOne({ invitation: null, atom_ids: 'javascript', finished_at: { $ne: null } }))!;
  const at = new Date();
  await h.db.collection('quiz_results').insertMany(
    Array.from({ length: n }, () => ({
      ...model,
      _id: new mongoose.Types.ObjectId(),
      token: randomBytes(18).toString('base64url'),
      finished_at: at,
      updated_at: at,
    })),
  );
}

/** EAP under N(0, 1) by brute-force integration over a fine grid (independent of the adaptive engine). */
function referenceEstimate(responses: Array<{ a: number; d: number; correct: boolean }>): number {
  let m0 = 0;
  let m1 = 0;
  for (let t = -8; t <= 8; t += 0.001) {
    let w = Math.exp((-t * t) / 2);
    for (const r of responses) {
      const p = 1 / (1 + Math.exp(-(r.a * t + r.d)));
      w *= r.correct ? p : 1 - p;
    }
    m0 += w;
    m1 += w * t;
  }
  return m1 / m0;
}

describe('effort-aware scoring, an atom option', () => {
  afterAll(async () => {
    const atom = (await call(admin, 'GET', '/api/atoms/javascript')).body.atom;
    await call(admin, 'PUT', '/api/atoms/javascript/', {
      effort_aware_scoring: false,
      version: atom.version,
    });
  });

  it('a content admin sets it on an atom (validated, versioned) and reads it back', async () => {
    const atom = (await call(admin, 'GET', '/api/atoms/javascript')).body.atom;
    expect(atom.effort_aware_scoring).toBe(false);
    const bad = await call(admin, 'PUT', '/api/atoms/javascript/', {
      effort_aware_scoring: 'yes',
      version: atom.version,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/effort_aware_scoring must be true or false/);
    expect((await call(admin, 'GET', '/api/atoms/javascript')).body.atom.version).toBe(atom.version);
    const on = await call(admin, 'PUT', '/api/atoms/javascript/', {
      effort_aware_scoring: true,
      version: atom.version,
    });
    expect(on.status).toBe(200);
    expect(on.body.atom).toMatchObject({ effort_aware_scoring: true, version: atom.version + 1 });
    expect((await call(admin, 'GET', '/api/atoms/javascript')).body.atom.effort_aware_scoring).toBe(true);
    const history = await call(admin, 'GET', '/api/atoms/javascript/history');
    expect(history.body.entries[0]).toMatchObject({
      version: atom.version + 1,
      changes: [{ field: 'effort_aware_scoring', from: false, to: true }],
    });
    // a recruiter may not
    expect(
      (await call(acme, 'PUT', '/api/atoms/javascript/', { effort_aware_scoring: false })).status,
    ).toBeGreaterThanOrEqual(401);
  });

  it('with it on, the report scores without the very quick answers and says which were set aside', async () => {
    // ran out of time: the last four answers clicked at once (and wrong), the others at an ordinary pace
    const tired = await invite(acme, 'Tom Tired');
    const pace = ordinaryPace(21);
    const lastOnes = (n: number, total: number) => n > total - 4;
    await takeQuiz(
      tired.token,
      (n, id, total) => (lastOnes(n, total) ? 0 : pace(n, id)),
      (n, total) => !lastOnes(n, total) && n % 4 !== 0,
      lastOnes,
    );
    const doc = (await QuizResult.findOne({ invitation: new mongoose.Types.ObjectId(tired.id) })
      .lean<QuizResultDoc>()
      .exec())!;
    const scored = doc.served.filter((s) => s.scored && s.answered_at);
    const quick = scored.filter(
      (s) => new Date(s.answered_at!).getTime() - new Date(s.served_at!).getTime() < 2000,
    );
    expect(quick.length).toBeGreaterThanOrEqual(3);
    expect(doc.effort_aware_atoms).toEqual(['javascript']);
    expect([...(doc.set_aside ?? [])].sort((a, b) => a - b)).toEqual(quick.map((s) => s.number));

    const integrity = await call<InvitationIntegrityResponse>(
      acme,
      'GET',
      `/api/hiring/invitations/${tired.id}/integrity`,
    );
    const atom = integrity.body.atoms[0];
    expect(atom.effort_aware_scoring).toBe(true);
    expect(atom.rapid_answers).toEqual(quick.map((s) => s.number));

    const report = await call(acme, 'GET', `/api/hiring/invitations/${tired.id}`);
    expect(report.status).toBe(200);
    const estimate = report.body.atoms[0].estimate as number;
    const params = (s: (typeof scored)[number]) => ({
      a: s.snapshot.difficulty_params.a,
      d: s.snapshot.difficulty_params.d,
      correct: s.correct === true,
    });
    const kept = referenceEstimate(scored.filter((s) => !quick.includes(s)).map(params));
    const every = referenceEstimate(scored.map(params));
    expect(estimate).toBeCloseTo(kept, 2);
    // setting the clicked answers aside moves the estimate up (they were wrong)
    expect(kept - every).toBeGreaterThan(0.1);
  });
});
