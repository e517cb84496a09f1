// The models through mongoose on the embedded engine (MongoDB wire protocol): the atomic counter,
// unique indexes, '-inf' thresholds, snapshots that survive bank edits, the append-only audit log.
// Set MONGODB_TEST_URI to run the same checks against a real MongoDB.
import mongoose from 'mongoose';
import { useMongooseDatabase } from './helpers/mongoose-db';
import {
  Atom,
  AuditLog,
  Company,
  Counter,
  Invitation,
  Question,
  QuestionLog,
  QuizResult,
  TrackingEvent,
  createQuestion,
  nextSequence,
  raiseSequence,
  recordAudit,
} from '../src/models';

const ALL_MODELS = [
  Atom,
  AuditLog,
  Company,
  Counter,
  Invitation,
  Question,
  QuestionLog,
  QuizResult,
  TrackingEvent,
];

useMongooseDatabase('models', () => Promise.all(ALL_MODELS.map((m) => m.init())));

function duplicateKeyCode(e: unknown): number | undefined {
  return (e as { code?: number }).code;
}

describe('counter', () => {
  it('hands out 1, 2, 3... and never the same value to concurrent callers', async () => {
    expect(await nextSequence('c1')).toBe(1);
    expect(await nextSequence('c1')).toBe(2);
    const values = await Promise.all(Array.from({ length: 25 }, () => nextSequence('c2')));
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('raiseSequence moves a counter up, never down', async () => {
    await raiseSequence('c3', 100);
    expect(await nextSequence('c3')).toBe(101);
    await raiseSequence('c3', 5);
    expect(await nextSequence('c3')).toBe(102);
  });

  it('createQuestion assigns increasing integer ids and generates hash_ids', async () => {
    const a = await createQuestion({
      question_text: 'one',
      answers: [
        { text: 'x', c: true },
        { text: 'y', c: false },
      ],
    });
    const b = await createQuestion({ question_text: 'two' });
    expect(Number.isInteger(a._id)).toBe(true);
    expect(b._id).toBe(a._id + 1);
    const stored = await Question.findById(a._id).lean();
    expect(stored?.answers.map((x) => x.hash_id)).toEqual(a.answers.map((x) => x.hash_id));
    expect(stored?.answers[0].hash_id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    // A random position is stored as absent, not as a locked null.
    expect(stored?.answers[0]).not.toHaveProperty('position');
  });
});

describe('unique indexes', () => {
  it('refuses a second quiz result with the same token (11000)', async () => {
    await QuizResult.create({ token: 'tok-unique-1', atom_ids: ['js'] });
    await expect(QuizResult.create({ token: 'tok-unique-1', atom_ids: ['py'] })).rejects.toMatchObject({
      code: 11000,
    });
    expect(await QuizResult.countDocuments({ token: 'tok-unique-1' })).toBe(1);
  });

  it('refuses a taken atom slug and a taken company name', async () => {
    await Atom.create({ _id: 'dup-atom', name: 'A' });
    const err = await Atom.create({ _id: 'dup-atom', name: 'B' }).catch((e: unknown) => e);
    expect(duplicateKeyCode(err)).toBe(11000);
    await Company.create({ name: 'Acme Unique' });
    const err2 = await Company.create({ name: 'Acme Unique' }).catch((e: unknown) => e);
    expect(duplicateKeyCode(err2)).toBe(11000);
  });

  it('creates the indexes the API lookups rely on', async () => {
    const keys = async (m: mongoose.Model<never>) =>
      (await m.listIndexes()).map((i: { key: Record<string, number> }) => Object.keys(i.key).join(','));
    expect(await keys(QuizResult as unknown as mongoose.Model<never>)).toEqual(
      expect.arrayContaining([
        'token',
        'invitation',
        'responses.q',
        'atom_ids,updated_at',
        'updated_at',
        'plan.atom_id,simulated',
      ]),
    );
    const questionKeys = await keys(Question as unknown as mongoose.Model<never>);
    expect(questionKeys).toEqual(
      expect.arrayContaining([
        'atoms,administered,_id',
        'atoms,_id',
        'administered,_id',
        'claim',
        'search_words',
      ]),
    );
    const invitationKeys = await keys(Invitation as unknown as mongoose.Model<never>);
    expect(invitationKeys).toEqual(expect.arrayContaining(['required_atoms', 'optional_atoms']));
    // No index that no query uses (each costs every write).
    expect(questionKeys).not.toContain('original_question_id');
    expect(invitationKeys).not.toContain('company');
    const tokenIndex = (await QuizResult.listIndexes()).find(
      (i: { key: Record<string, number> }) => 'token' in i.key,
    );
    expect(tokenIndex?.unique).toBe(true);
  });
});

describe('atoms', () => {
  it("stores '-inf' thresholds and the beta order as given", async () => {
    await Atom.create({
      _id: 'thresholds',
      name: 'T',
      levels_thresholds: ['-inf', -2, 0, 1, 2],
      beta_question_ordering: [5, 3, 9],
    });
    const atom = await Atom.findById('thresholds').lean();
    expect(atom?.levels_thresholds).toEqual(['-inf', -2, 0, 1, 2]);
    expect(atom?.beta_question_ordering).toEqual([5, 3, 9]);
    expect(atom?.format).toBe('Multiple Choice');
  });
});

describe('snapshots', () => {
  it('a bank edit bumps the version and leaves what a quiz recorded unchanged', async () => {
    const q = await createQuestion({
      question_text: 'original text',
      atoms: ['js'],
      administered: true,
      answers: [
        { text: 'right', c: true },
        { text: 'wrong', c: false },
      ],
    });
    const company = await Company.create({ name: 'Snap Co' });
    const invitation = await Invitation.create({ company: company._id, required_atoms: ['js'] });
    await QuizResult.create({
      token: 'tok-snapshot',
      invitation: invitation._id,
      company: company._id,
      atom_ids: ['js'],
      served: [
        {
          number: 1,
          question_id: q._id,
          atom_id: 'js',
          scored: true,
          selected_at: new Date(),
          snapshot: {
            question_text: q.question_text,
            code_block: q.code_block,
            code_language: q.code_language,
            claim: q.claim,
            difficulty_params: q.difficulty_params,
            original_question_id: q.original_question_id,
            version: q.version,
            answers: [...q.answers].reverse().map((a) => ({ hash_id: a.hash_id, text: a.text, c: a.c })),
          },
        },
      ],
    });

    await Question.updateOne(
      { _id: q._id },
      {
        $set: { question_text: 'edited text', 'answers.0.c': false, 'answers.1.c': true },
        $inc: { version: 1 },
      },
    );

    const edited = await Question.findById(q._id).lean();
    expect(edited).toMatchObject({ question_text: 'edited text', version: 2 });
    const result = await QuizResult.findOne({ token: 'tok-snapshot' }).lean();
    const snap = result!.served[0].snapshot;
    expect(snap.question_text).toBe('original text');
    expect(snap.version).toBe(1);
    expect(snap.answers.map((a) => [a.text, a.c])).toEqual([
      ['wrong', false],
      ['right', true],
    ]);
    // The invitation's quizzes are found through the invitation index.
    expect(await QuizResult.find({ invitation: invitation._id }).countDocuments()).toBe(1);
  });
});

describe('logs and audit', () => {
  it('stores question logs and tracking events by token', async () => {
    const result = await QuizResult.create({ token: 'tok-logs', atom_ids: ['js'] });
    await QuestionLog.create({
      quiz_result: result._id,
      token: 'tok-logs',
      question_number: 1,
      eventName: 'answerSelected',
      eventDetails: { i: 2 },
    });
    await TrackingEvent.create({
      quiz_result: result._id,
      token: 'tok-logs',
      questionId: 1,
      event: 0,
      eventDetails: { l: 1, r: 3, t: 2 },
    });
    expect(await QuestionLog.find({ token: 'tok-logs' }).lean()).toEqual([
      expect.objectContaining({ eventDetails: { i: 2 } }),
    ]);
    expect(await TrackingEvent.find({ token: 'tok-logs' }).lean()).toEqual([
      expect.objectContaining({ event: 0, eventDetails: { l: 1, r: 3, t: 2 } }),
    ]);
  });

  it('appends audit entries and refuses to rewrite them', async () => {
    await recordAudit({
      actor: 'admin@example.com',
      action: 'update',
      entity: 'atom',
      entity_id: 'js',
      changes: { name: { from: 'a', to: 'b' } },
    });
    await expect(AuditLog.updateMany({}, { $set: { actor: 'someone else' } })).rejects.toThrow(/append-only/);
    await expect(AuditLog.deleteMany({})).rejects.toThrow(/append-only/);
    const entries = await AuditLog.find({ entity: 'atom', entity_id: 'js' }).lean();
    expect(entries).toHaveLength(1);
    expect(entries[0].actor).toBe('admin@example.com');
  });
});
