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
    });
  });

  it.each([
    [['--atoms', 'sql'], /--company is required/],
    [['--company', 'Acme'], /--atoms needs at least one/],
    [['--company', 'Acme', '--atoms', ' , '], /--atoms needs at least one/],
    [['--company', 'Acme', '--atoms', 'sql', '--bogus'], /bogus/],
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

  it('refuses unknown atoms with a clear message and creates nothing', async () => {
    const before = [await count('invitations'), await count('quiz_results'), await count('companies')];
    const r = await invite('--company', 'Nobody Corp', '--atoms', 'sql,cobol,fortran');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Unknown atoms: cobol, fortran \(known atoms: javascript, python, sql\)/);
    expect([await count('invitations'), await count('quiz_results'), await count('companies')]).toEqual(
      before,
    );
  });

  it('prints usage for bad arguments', async () => {
    const r = await invite('--atoms', 'sql');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--company is required/);
    expect(r.stderr).toMatch(/Usage: npm run invite/);
  });
});
