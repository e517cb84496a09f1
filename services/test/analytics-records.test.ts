// The statistics' response reads (content/analytics/records.ts): a loader that kept quizzes from an
// earlier read gives exactly what a loader reading everything gives, after answers, new quizzes and removed
// ones, and reads from the database only the quizzes written since.
import { randomBytes } from 'node:crypto';
import { served } from './helpers/analytics-fixture';
import { useMongooseDatabase } from './helpers/mongoose-db';
import { responseLoader, type ResponseSet } from '../src/content/analytics/records';
import { QuizResult, createQuestion, type QuestionDoc } from '../src/models';

useMongooseDatabase('records', () => QuizResult.init());

const ATOM = 'records-atom';
let bank: QuestionDoc[];

beforeAll(async () => {
  bank = [];
  for (let i = 0; i < 4; i++)
    bank.push(
      await createQuestion({
        question_text: `Records question ${i + 1}`,
        administered: true,
        atoms: [ATOM],
        difficulty_params: { a: 1 + i * 0.2, d: i - 1.5 },
        answers: [
          { text: `right ${i}`, c: true },
          { text: `wrong ${i}`, c: false },
          { text: `also wrong ${i}`, c: false },
        ],
      }),
    );
});

/** A quiz of the bank's questions, answered right where `correct` says so. */
function quizOf(correct: boolean[], extra: Record<string, unknown> = {}) {
  return QuizResult.create({
    token: randomBytes(12).toString('base64url'),
    atom_ids: [ATOM],
    served: correct.map((c, i) => served(bank[i], ATOM, i + 1, true, c)),
    ...extra,
  });
}

/** What a statistic sees of a response set (its functions called for every answer it names). */
function seen(set: ResponseSet) {
  return {
    responses: set.responses,
    spans: set.spans,
    demo: [...set.demoQuizzes].sort(),
    texts: set.responses.map((r) => (r.choice ? set.answerText(r.questionId, r.choice) : undefined)),
  };
}

it('keeps quizzes between reads and reads again only those written since', async () => {
  const quizzes = [
    await quizOf([true, false, true, true]),
    await quizOf([false, false, true, false], { demo_data: true }),
    await quizOf([true, true, false, true]),
    await quizOf([true, true], { simulated: true }),
    await quizOf([true, true, true, true]),
    await quizOf([false, false, false, false]),
  ];
  const warm = responseLoader();
  const first = await warm({});
  expect(first.read).toBe(5); // the demo skip's quiz left out
  expect(first.responses).toHaveLength(20);
  expect(seen(first).texts.filter(Boolean)).toEqual(
    ['wrong 1', 'wrong 0', 'wrong 1', 'wrong 3', 'wrong 2'].concat([
      'wrong 0',
      'wrong 1',
      'wrong 2',
      'wrong 3',
    ]),
  );
  expect(seen(first).demo).toEqual([String(quizzes[1]._id)]);

  const again = await warm({});
  expect(again.read).toBe(0);
  expect(seen(again)).toEqual(seen(first));

  // An answer changes (a quiz write: served, rev), a quiz is added, another removed.
  const changed = quizzes[2];
  changed.served[2] = served(bank[2], ATOM, 3, true, true);
  changed.rev += 1;
  await changed.save();
  await quizOf([false, true, true, false]);
  await QuizResult.deleteOne({ _id: quizzes[0]._id });

  const after = await warm({});
  expect(after.read).toBe(2);
  const cold = await responseLoader()({});
  expect(cold.read).toBe(5);
  expect(seen(after)).toEqual(seen(cold));
  expect(after.responses.filter((r) => r.quizId === String(changed._id)).map((r) => r.correct)).toEqual([
    true,
    true,
    true,
    true,
  ]);
  expect(after.responses.some((r) => r.quizId === String(quizzes[0]._id))).toBe(false);

  // A narrower filter reads nothing it keeps.
  const one = await warm({ 'responses.q': bank[3]._id });
  expect(one.read).toBe(0);
  expect(one.spans).toHaveLength(5);
});
