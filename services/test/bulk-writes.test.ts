// The batch helpers of the content team's bulk writes (import, bulk status), with mongoose on the embedded engine: reading by a long
// list of ids or uids in batches, and conditional updates that never overwrite a question changed
// after it was checked (an import's updates, a bulk status change).
import { useMongooseDatabase } from './helpers/mongoose-db';
import { WRITE_BATCH, versionedUpdates } from '../src/content/bank/bulk-update';
import { IN_BATCH, Question, findQuestionsIn, type QuestionDoc } from '../src/models';

jest.setTimeout(120_000);

useMongooseDatabase('bulk', () => Question.init());

const N = WRITE_BATCH + 200;

beforeEach(async () => {
  await Question.deleteMany({});
  await Question.insertMany(
    Array.from({ length: N }, (_, i) => ({
      _id: i + 1,
      uid: `bulk-${i + 1}`,
      question_text: `Question ${i + 1}`,
      answers: [
        { hash_id: 'a', text: 'yes', c: true },
        { hash_id: 'b', text: 'no', c: false },
      ],
      status: 'draft',
      version: 1,
      last_edited_by: 'someone@example.test',
    })),
    { lean: true },
  );
});

const all = () => Question.find({}).sort({ _id: 1 }).lean<QuestionDoc[]>().exec();

it('reads every question of a list longer than one batch, by id and by uid', async () => {
  expect(N).toBeGreaterThan(2 * IN_BATCH);
  const ids = Array.from({ length: N }, (_, i) => N - i);
  const byId = await findQuestionsIn<Pick<QuestionDoc, '_id'>>('_id', [...ids, 1, 2, 999_999], { _id: 1 });
  expect(byId.map((q) => q._id).sort((a, b) => a - b)).toEqual([...ids].reverse());
  const byUid = await findQuestionsIn('uid', ['bulk-7', 'bulk-1100', 'nope']);
  expect(byUid.map((q) => q.uid).sort()).toEqual(['bulk-1100', 'bulk-7']);
});

it('writes every question still at its checked version, and leaves one changed in between alone', async () => {
  const checked = await all();
  // Another admin edits one question in the second batch and deletes one in the first, after the check.
  const edited = checked[WRITE_BATCH + 10];
  await Question.updateOne(
    { _id: edited._id },
    { $set: { question_text: 'Their edit' }, $inc: { version: 1 } },
  );
  await Question.deleteOne({ _id: checked[3]._id });
  const { written, lost } = await versionedUpdates(
    checked.map((before) => ({
      before,
      set: { status: 'in_review', question_text: `${before.question_text}!` },
    })),
  );
  expect(lost.sort((a, b) => a - b)).toEqual([checked[3]._id, edited._id]);
  expect(written).toHaveLength(N - 2);
  const now = new Map((await all()).map((q) => [q._id, q]));
  for (const w of written) {
    const stored = now.get(w._id)!;
    expect(w).toMatchObject({ status: 'in_review', version: 2, question_text: `Question ${w._id}!` });
    expect(stored).toMatchObject({ status: 'in_review', version: 2, question_text: w.question_text });
    expect(stored.updated_at).toEqual(w.updated_at);
  }
  // Not overwritten: their edit stands.
  expect(now.get(edited._id)).toMatchObject({ question_text: 'Their edit', status: 'draft', version: 2 });
});
