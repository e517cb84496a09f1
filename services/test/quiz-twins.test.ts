// No twins in one sitting: a quiz never serves two questions of one variation family
// (original_question_id, either direction), the unscored beta question included. Over HTTP against
// the real process, on a bank built so that twins are easy to serve by accident.
import mongoose from 'mongoose';
import { Atom, Company, Invitation, QuizResult, createQuestion } from '../src/models';
import { areTwins } from '../src/quiz/twins';
import { startStack, type Stack } from './helpers/stack';
import { call, connect, newToken, quizDoc } from './quiz-fixtures';

jest.setTimeout(180_000);

const ATOM = 'twins-atom';
let stack: Stack;
let ids: Record<string, number>;
let invitationId: mongoose.Types.ObjectId;
let companyId: mongoose.Types.ObjectId;

const answers = [
  { text: 'right', c: true },
  { text: 'wrong', c: false },
];

beforeAll(async () => {
  stack = await startStack();
  await connect(stack.mongoUri);
  ids = {};
  const make = async (key: string, original?: string, administered = true) => {
    const q = await createQuestion({
      question_text: key,
      administered,
      atoms: [ATOM],
      difficulty_params: { a: 1.5, d: 0 },
      answers,
      original_question_id: original ? ids[original] : null,
    });
    ids[key] = q._id;
  };
  // Families: {O1, V1a, V1b}, {O2, V2}, {O3, V3, B (the beta question)}, {O4}, {O5}, {O6}.
  for (const k of ['O1', 'O2', 'O3', 'O4', 'O5', 'O6']) await make(k);
  await make('V1a', 'O1');
  await make('V1b', 'O1');
  await make('V2', 'O2');
  await make('V3', 'O3');
  await make('B', 'O3', false);
  await Atom.create({ _id: ATOM, name: 'Twins', num_questions: 10, beta_question_ordering: [ids.B] });
  const company = await Company.create({ name: 'Twins Co', slug: 'twins-co' });
  companyId = company._id;
  invitationId = (await Invitation.create({ company: company._id, required_atoms: [ATOM] }))._id;
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
});

async function issue(): Promise<string> {
  const token = newToken();
  await QuizResult.create({ token, invitation: invitationId, company: companyId, atom_ids: [ATOM] });
  return token;
}

/** Answers every question of the quiz (right), returning the served records. */
async function takeAll(token: string) {
  let next: number | null = (await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).body.next_question
    ?.number;
  while (next) {
    expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/${next}/`)).status).toBe(200);
    const snap = (await quizDoc(token))!.served[next - 1].snapshot;
    const r = await call(stack.baseUrl, 'POST', `/api/quiz/${token}/question/${next}/`, {
      answer: snap.answers.find((a) => a.c)!.hash_id,
      answer_position: 0,
    });
    expect(r.status).toBe(200);
    next = r.body.next_question?.number ?? null;
  }
  return (await quizDoc(token))!.served;
}

const member = (s: { question_id: number; snapshot: { original_question_id: number | null } }) => ({
  id: s.question_id,
  original_question_id: s.snapshot.original_question_id,
});

it('never serves two questions of one family, the beta question included, over many quizzes', async () => {
  const seen = new Set<number>();
  for (let i = 0; i < 25; i++) {
    const token = await issue();
    const view = (await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).body;
    // Six families, one of them the beta question's: five scored questions and the beta one.
    expect(view.quiz.atoms[0].num_questions).toBe(6);
    const served = await takeAll(token);
    expect(served.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (let a = 0; a < served.length; a++)
      for (let b = a + 1; b < served.length; b++)
        expect([
          served[a].question_id,
          served[b].question_id,
          areTwins(member(served[a]), member(served[b])),
        ]).toEqual([served[a].question_id, served[b].question_id, false]);
    // The beta question is served (unscored), so its original and sibling never are.
    expect(served.find((s) => !s.scored)?.question_id).toBe(ids.B);
    for (const s of served) seen.add(s.question_id);
  }
  expect(seen.has(ids.O3)).toBe(false);
  expect(seen.has(ids.V3)).toBe(false);
  // Both directions were exercised: variations served in some quizzes, originals in others.
  expect([ids.V1a, ids.V1b, ids.V2].some((id) => seen.has(id))).toBe(true);
  expect([ids.O1, ids.O2].some((id) => seen.has(id))).toBe(true);
});

it('a plan frozen before the rule: the beta question is dropped when a twin was served, numbers stay gap-free', async () => {
  const token = await issue();
  expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`)).status).toBe(200);
  // As stored by an older version: the plan does not know the beta question's family, and
  // question 1 is the beta question's original.
  const doc = (await quizDoc(token))!;
  await QuizResult.updateOne(
    { token },
    {
      $set: {
        'plan.0.beta_original_question_id': null,
        'served.0.question_id': ids.O3,
        'served.0.snapshot.original_question_id': null,
      },
    },
  );
  expect(doc.plan![0].beta_question_id).toBe(ids.B);
  const served = await takeAll(token);
  expect(served.map((s) => s.question_id)).not.toContain(ids.B);
  expect(served.every((s) => s.scored)).toBe(true);
  expect(served.map((s) => s.number)).toEqual(served.map((_, i) => i + 1));
  const view = (await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).body;
  expect(view.quiz.atoms[0].num_questions).toBe(served.length);
  expect(view.next_question ?? null).toBeNull();
});
