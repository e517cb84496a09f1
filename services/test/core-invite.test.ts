// `npm run invite`: argument parsing, and the real CLI against a running stack's database.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { parseInviteArgs, UsageError } from '../src/cli/args';
import { startStack, type Stack } from './helpers/stack';

jest.setTimeout(60_000);
const INVITE = path.resolve(__dirname, '..', 'dist', 'cli', 'invite.js');

describe('parseInviteArgs', () => {
  it('reads company, required and optional atoms (deduplicated, required wins)', () => {
    expect(
      parseInviteArgs([
        '--company',
        ' Acme ',
        '--atoms',
        'sql, python,sql',
        '--optional',
        'python,javascript',
      ]),
    ).toEqual({
      company: 'Acme',
      requiredAtoms: ['sql', 'python'],
      optionalAtoms: ['javascript'],
      name: null,
      email: null,
      expires: undefined,
      extraTimePercent: 0,
      demo: false,
    });
  });

  it('reads the candidate, the expiry, extra time and --demo', () => {
    const base = ['--company', 'Acme', '--atoms', 'sql'];
    expect(
      parseInviteArgs([
        ...base,
        '--name',
        ' Ada Lovelace ',
        '--email',
        'ada@example.com',
        '--extra-time',
        '+50%',
        '--demo',
      ]),
    ).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', extraTimePercent: 50, demo: true });
    expect(parseInviteArgs([...base, '--expires', '14d']).expires).toEqual({ days: 14 });
    expect(parseInviteArgs([...base, '--expires', '2030-01-31']).expires).toEqual({ date: '2030-01-31' });
    expect(parseInviteArgs([...base, '--expires', 'never']).expires).toBe('never');
  });

  it.each([
    [['--atoms', 'sql'], /--company is required/],
    [['--company', 'Acme'], /--atoms needs at least one/],
    [['--company', 'Acme', '--atoms', ' , '], /--atoms needs at least one/],
    [['--company', 'Acme', '--atoms', 'sql', '--bogus'], /bogus/],
    [
      ['--company', 'Acme', '--atoms', 'sql', '--extra-time', '30'],
      /--extra-time must be one of 0, 25, 50, 100/,
    ],
    [['--company', 'Acme', '--atoms', 'sql', '--extra-time', 'lots'], /--extra-time must be one of/],
    [['--company', 'Acme', '--atoms', 'sql', '--expires', 'tomorrow'], /--expires must be a date/],
    [['--company', 'Acme', '--atoms', 'sql', '--expires', '400d'], /at most 365d/],
    [['--company', 'Acme', '--atoms', 'sql', '--email', 'not-an-email'], /not an email address/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseInviteArgs(argv as string[])).toThrow(UsageError);
    expect(() => parseInviteArgs(argv as string[])).toThrow(message);
  });
});

describe('invite CLI', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  // Asynchronous on purpose: the engine runs in this process and must keep answering meanwhile.
  const invite = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [INVITE, ...args],
        {
          env: {
            PATH: process.env.PATH ?? '',
            MONGODB_URI: stack.mongoUri,
            PUBLIC_URL: stack.baseUrl,
            LOG_LEVEL: 'warn',
          },
          encoding: 'utf8',
          timeout: 30_000,
        },
        (err, stdout, stderr) =>
          resolve({ status: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });

  async function count(collection: string): Promise<number> {
    const client = await MongoClient.connect(stack.mongoUri);
    try {
      return await client.db().collection(collection).countDocuments();
    } finally {
      await client.close();
    }
  }

  it('creates the company and the invitation and prints a link that the quiz API knows', async () => {
    const r = await invite('--company', 'Initech', '--atoms', 'sql,python', '--optional', 'javascript');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const link = /Candidate link: (\S+)/.exec(r.stdout)?.[1];
    expect(link).toMatch(new RegExp(`^${stack.baseUrl}/quiz/[A-Za-z0-9_-]{32}$`));
    // One quiz per atom, required first.
    expect(r.stdout).toMatch(/sql: .*\n\s+python: .*\n\s+javascript: /);

    const token = link!.split('/quiz/')[1];
    const res = await fetch(`${stack.baseUrl}/api/quiz/${token}/`);
    expect(res.status).toBe(200);
    const quiz = (await res.json()) as { quiz: { company_name: string; atoms: { id: string }[] } };
    expect(quiz.quiz.company_name).toBe('Initech');
    expect(quiz.quiz.atoms.map((a) => a.id)).toEqual(['sql']);

    // The same company name is found, not duplicated.
    const companies = await count('companies');
    expect((await invite('--company', 'Initech', '--atoms', 'python')).status).toBe(0);
    expect(await count('companies')).toBe(companies);
  });

  it('--name, --email, --expires, --extra-time and --demo reach the invitation and its quizzes', async () => {
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const r = await invite(
      '--company',
      'initech',
      '--atoms',
      'sql',
      '--optional',
      'python',
      '--name',
      'Ada Lovelace',
      '--email',
      'Ada@Example.com',
      '--expires',
      day,
      '--extra-time',
      '50',
      '--demo',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `candidate Ada Lovelace <ada@example\\.com>, expires ${day}T23:59:59\\.999Z, \\+50% time per question, demo invitation`,
      ),
    );
    const token = /Candidate link: \S+\/quiz\/(\S+)/.exec(r.stdout)![1];
    const client = await MongoClient.connect(stack.mongoUri);
    try {
      const db = client.db();
      const quiz = (await db.collection('quiz_results').findOne({ token }))!;
      const inv = (await db.collection('invitations').findOne({ _id: quiz.invitation }))!;
      const company = (await db.collection('companies').findOne({ _id: inv.company }))!;
      // Found by slug: the seeded second company.
      expect(company).toMatchObject({ name: 'Initech', slug: 'initech' });
      expect(inv).toMatchObject({
        candidate_name: 'Ada Lovelace',
        candidate_email: 'ada@example.com',
        extra_time_percent: 50,
        demo: true,
        created_by: 'cli',
        status: 'invited',
        atoms: ['sql', 'python'],
      });
      expect(inv.expires_at.toISOString()).toBe(`${day}T23:59:59.999Z`);
      const quizzes = await db.collection('quiz_results').find({ invitation: inv._id }).toArray();
      expect(quizzes).toHaveLength(2);
      for (const q of quizzes) {
        expect(q).toMatchObject({ demo: true, extra_time_percent: 50 });
        expect(q.expires_at.toISOString()).toBe(`${day}T23:59:59.999Z`);
      }
    } finally {
      await client.close();
    }
    // The quiz says the demo sidebar is not allowed: demo mode is off in this stack (the global flag).
    const view = (await (await fetch(`${stack.baseUrl}/api/quiz/${token}/`)).json()) as {
      demo_mode_allowed: boolean;
    };
    expect(view.demo_mode_allowed).toBe(false);
  });

  it('without --expires the link lasts 7 days; --expires never does not expire', async () => {
    const client = await MongoClient.connect(stack.mongoUri);
    try {
      const db = client.db();
      const tokenOf = (out: string) => /Candidate link: \S+\/quiz\/(\S+)/.exec(out)![1];
      const before = Date.now();
      const plain = await invite('--company', 'initech', '--atoms', 'sql');
      const q1 = (await db.collection('quiz_results').findOne({ token: tokenOf(plain.stdout) }))!;
      const days = (q1.expires_at.getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThan(7.01);
      const never = await invite('--company', 'initech', '--atoms', 'sql', '--expires', 'never');
      const q2 = (await db.collection('quiz_results').findOne({ token: tokenOf(never.stdout) }))!;
      expect(q2.expires_at).toBeNull();
    } finally {
      await client.close();
    }
  });

  it('refuses a past expiry with a clear message and creates nothing', async () => {
    const before = await count('invitations');
    const r = await invite('--company', 'initech', '--atoms', 'sql', '--expires', '2020-01-01');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/expires_at must be in the future/);
    expect(await count('invitations')).toBe(before);
  });

  it('refuses unknown atoms with a clear message and creates nothing', async () => {
    const before = [await count('invitations'), await count('quiz_results'), await count('companies')];
    const r = await invite('--company', 'Nobody Corp', '--atoms', 'sql,cobol,fortran');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Unknown atoms: cobol, fortran \(known atoms: javascript, python, sql\)/);
    expect([await count('invitations'), await count('quiz_results'), await count('companies')]).toEqual(
      before,
    );
  });

  it('refuses an atom a quiz cannot be served from yet, naming it, and creates nothing', async () => {
    const client = await MongoClient.connect(stack.mongoUri);
    try {
      const atoms = client
        .db()
        .collection<{ _id: string; name: string; num_questions: number; beta_question_ordering: number[] }>(
          'atoms',
        );
      await atoms.insertOne({ _id: 'empty', name: 'Empty', num_questions: 5, beta_question_ordering: [] });
      const before = [await count('invitations'), await count('quiz_results'), await count('companies')];
      const r = await invite('--company', 'Nobody Corp', '--atoms', 'sql', '--optional', 'empty');
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/atom empty \(Empty\) cannot be taken yet: 0 of the 5 questions/);
      expect([await count('invitations'), await count('quiz_results'), await count('companies')]).toEqual(
        before,
      );
      await atoms.deleteOne({ _id: 'empty' });
    } finally {
      await client.close();
    }
  });

  it('prints usage for bad arguments', async () => {
    const r = await invite('--atoms', 'sql');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--company is required/);
    expect(r.stderr).toMatch(/Usage: npm run invite/);
  });
});
