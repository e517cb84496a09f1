// What the services do through mongoose 9: model init (create + createIndexes), CRUD, counters, 11000 from a schema.
import mongoose, { Schema } from 'mongoose';
import { Target, startTarget } from './target';

let target: Target;
let conn: mongoose.Connection;

const Answer = new Schema({ hash_id: String, text: String, c: Boolean, votes: { type: Number, default: 0 } });
const QuestionSchema = new Schema({
  _id: Number,
  atoms: { type: [String], index: true },
  text: String,
  answers: [Answer],
  administered: { type: Boolean, default: false },
});
const AtomSchema = new Schema({ _id: String, title: String, order: [Number] });
const UserSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    name: String,
    logins: { type: Number, default: 0 },
  },
  { timestamps: true },
);
const CounterSchema = new Schema({ _id: String, seq: Number });

beforeAll(async () => {
  target = await startTarget();
  conn = await mongoose
    .createConnection(target.uri, { dbName: target.dbName, serverSelectionTimeoutMS: 5000 })
    .asPromise();
});

afterAll(async () => {
  await conn?.close();
  await target?.close();
});

describe('mongoose models', () => {
  it('builds the unique index from the schema and reports 11000 on duplicates', async () => {
    const User = conn.model('User', UserSchema);
    await User.init();
    const indexes = await User.collection.indexes();
    expect(indexes.find((i) => i.key.email === 1)).toMatchObject({ unique: true });
    const u = await User.create({ email: 'a@example.com', name: 'A' });
    expect(u.createdAt).toBeInstanceOf(Date);
    const err = await User.create({ email: 'a@example.com', name: 'B' }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ email: 'a@example.com' });
    await User.create({ email: 'b@example.com' });
    const err2 = await User.findOneAndUpdate({ email: 'b@example.com' }, { email: 'a@example.com' }).catch(
      (e) => e,
    );
    expect(err2.code).toBe(11000);
    const err3 = await User.updateOne({ email: 'b@example.com' }, { $set: { email: 'a@example.com' } }).catch(
      (e) => e,
    );
    expect(err3.code).toBe(11000);
  });

  it('runs CRUD, counts, distinct and lean queries', async () => {
    const Question = conn.model('Question', QuestionSchema);
    await Question.init();
    await Question.insertMany(
      Array.from({ length: 120 }, (_, i) => ({
        _id: i + 1,
        atoms: [i % 2 ? 'js' : 'py'],
        text: `q${i + 1}`,
        answers: [
          { hash_id: `h${i}a`, text: 'yes', c: true },
          { hash_id: `h${i}b`, text: 'no', c: false },
        ],
        administered: i < 100,
      })),
    );
    expect(await Question.countDocuments({ atoms: 'js', administered: true })).toBe(50);
    expect(await Question.estimatedDocumentCount()).toBe(120);
    const all = await Question.find({}).sort({ _id: 1 }).lean();
    expect(all).toHaveLength(120);
    expect(all[119]._id).toBe(120);
    const page = await Question.find({ atoms: 'py' })
      .sort({ _id: -1 })
      .skip(5)
      .limit(3)
      .select('text')
      .lean();
    expect(page.map((q) => q.text)).toEqual(['q109', 'q107', 'q105']);
    expect((await Question.distinct('atoms')).sort()).toEqual(['js', 'py']);
    await Question.updateOne({ _id: 1, 'answers.hash_id': 'h0b' }, { $inc: { 'answers.$.votes': 1 } });
    await Question.updateOne(
      { _id: 1 },
      { $set: { 'answers.$[a].text': 'YES' } },
      { arrayFilters: [{ 'a.c': true }] },
    );
    const q1 = await Question.findById(1).lean();
    expect(q1!.answers.map((a) => [a.text, a.votes])).toEqual([
      ['YES', 0],
      ['no', 1],
    ]);
    const doc = await Question.findById(2);
    doc!.text = 'changed';
    doc!.answers.push({ hash_id: 'new', text: 'maybe', c: false });
    await doc!.save();
    expect((await Question.findById(2).lean())!.answers).toHaveLength(3);
    expect((await Question.deleteMany({ administered: false })).deletedCount).toBe(20);
  });

  it('keeps an atomic counter with findOneAndUpdate upserts', async () => {
    const Counter = conn.model('Counter', CounterSchema);
    const seqs = await Promise.all(
      Array.from(
        { length: 10 },
        async () =>
          (await Counter.findOneAndUpdate(
            { _id: 'question' },
            { $inc: { seq: 1 } },
            { upsert: true, returnDocument: 'after' },
          ).lean())!.seq,
      ),
    );
    expect(seqs.sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('upserts with $setOnInsert and embedded ordered arrays', async () => {
    const Atom = conn.model('Atom', AtomSchema);
    await Atom.findOneAndUpdate(
      { _id: 'js' },
      { $setOnInsert: { title: 'JavaScript', order: [3, 1, 2] } },
      { upsert: true },
    );
    await Atom.findOneAndUpdate(
      { _id: 'js' },
      { $setOnInsert: { title: 'ignored' }, $push: { order: 4 } },
      { upsert: true },
    );
    expect(await Atom.findById('js').select('-__v').lean()).toEqual({
      _id: 'js',
      title: 'JavaScript',
      order: [3, 1, 2, 4],
    });
  });

  it('aggregates through the model', async () => {
    const Question = conn.model('Question');
    const r = await Question.aggregate([
      { $unwind: '$atoms' },
      { $group: { _id: '$atoms', n: { $sum: 1 } } },
      { $sort: { _id: 1 } },
    ]);
    expect(r).toEqual([
      { _id: 'js', n: 50 },
      { _id: 'py', n: 50 },
    ]);
  });
});
