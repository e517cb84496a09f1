// The lint's context rules (eslint.config.mjs, COLLECTION_OWNERS and CONTEXT_AUGMENTATION) refuse what
// they say they refuse, and let the owner do it: each snippet is linted as if it were a file at the
// given path under services/src (ESLint's lintText; no file is written).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

interface Probe {
  file: string;
  code: string;
}

// The config is an ES module, which jest's module registry cannot load: the snippets are linted by
// ESLint's API in one node process of their own.
const LINT_ALL = `
import { ESLint } from 'eslint';
import path from 'node:path';
const probes = JSON.parse(await new Response(process.stdin).text());
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const { file, code } of probes) {
  const [r] = await eslint.lintText(code, { filePath: path.join('services', 'src', file) });
  out.push(r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message));
}
process.stdout.write(JSON.stringify(out));
`;

function lintAll(probes: Probe[]): string[][] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_ALL], {
    cwd: ROOT,
    input: JSON.stringify(probes),
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[][];
}

const probes: Record<string, Probe> = {};
const results: Record<string, string[]> = {};
const probe = (name: string, file: string, code: string) => (probes[name] = { file, code });

/** The no-restricted-syntax messages of the probe `name`. */
const restrictions = (name: string) => results[name];

const quizWrites = /^Only services\/src\/quiz writes quiz_results/;

const refusedWrites: [string, string][] = [
  ['through its model', "import { QuizResult } from '../quiz';\nQuizResult.updateOne({}, {});\n"],
  [
    'at the end of a query chain',
    "import { QuizResult } from '../quiz';\nQuizResult.find({}).where('a').equals(1).updateMany({}, {});\n",
  ],
  [
    "through mongoose's registry",
    "import mongoose from 'mongoose';\nmongoose.model('QuizResult').deleteMany({});\n",
  ],
  [
    'through the raw driver',
    "import mongoose from 'mongoose';\nmongoose.connection.collection('quiz_results').deleteMany({});\n",
  ],
];
for (const [how, code] of refusedWrites) probe(`write ${how}`, 'ops/probe.ts', code);
// The email job's delivery record is hiring's (email_deliveries): the job asks hiring's recordEmail*.
probe(
  'email job write',
  'ops/jobs/probe.ts',
  "import { EmailDelivery } from '../../hiring';\nEmailDelivery.updateOne({ _id: 'x' }, { $set: { state: 'sent' } });\n",
);
probe(
  'owner write',
  'quiz/probe.ts',
  "import { QuizResult } from './models/quiz-result';\nQuizResult.find({}).updateMany({}, {});\n",
);
probe(
  'read elsewhere',
  'ops/probe.ts',
  "import { QuizResult } from '../quiz';\nQuizResult.find({}).select({ a: 1 }).lean().exec();\n",
);

const augment = (spec: string) =>
  `declare module '${spec}' {\n  interface AppCaches {\n    x: number;\n  }\n}\nexport {};\n`;
probe('augment a file', 'content/analytics/probe.ts', augment('../../platform/app-context'));
probe('augment an index', 'content/analytics/probe.ts', augment('../../platform'));
probe('augment a package', 'ops/jobs/probe.ts', augment('koa'));

beforeAll(() => {
  const names = Object.keys(probes);
  lintAll(names.map((n) => probes[n])).forEach((messages, i) => (results[names[i]] = messages));
}, 60_000);

describe("a write to another context's collection", () => {
  it.each(refusedWrites.map(([how]) => how))('is refused %s', (how) => {
    const messages = restrictions(`write ${how}`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(quizWrites);
  });

  it("is refused for hiring's email records too (the email job asks hiring)", () => {
    expect(restrictions('email job write')).toEqual([
      expect.stringMatching(/^Only services\/src\/hiring writes .*email_deliveries/),
    ]);
  });

  it('is allowed in the owning context, and a read is allowed anywhere', () => {
    expect(restrictions('owner write')).toEqual([]);
    expect(restrictions('read elsewhere')).toEqual([]);
  });
});

describe('a module augmentation of another context', () => {
  it('is refused when it names one of its files', () => {
    expect(restrictions('augment a file')).toEqual([
      expect.stringMatching(/^Augment another context through its index/),
    ]);
  });

  it('is allowed through its index, and a package is no context', () => {
    expect(restrictions('augment an index')).toEqual([]);
    expect(restrictions('augment a package')).toEqual([]);
  });
});
