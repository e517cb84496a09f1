// Test content for the quiz API tests, written straight into the stack's database with the real
// models: two atoms with small banks (claims, a variation family, a beta question), a company, an
// invitation and its quizzes. Independent of the demo seed so the tests control every number.
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { Atom, Company, Invitation, Question, QuizResult, createQuestion } from '../src/models';

export const newToken = () => randomBytes(16).toString('base64url');

export interface Fixture {
  atomA: string;
  atomB: string;
  /** Scored questions of atom A, then B. */
  betaId: number;
  companyName: string;
  /** A quiz over both atoms: 4 scored + 1 beta (A) and 2 scored (B) = 7 questions. */
  total: number;
  invitationId: mongoose.Types.ObjectId;
  /** The same atoms on a demo invitation (demo mode works only there). */
  demoInvitationId: mongoose.Types.ObjectId;
  companyId: mongoose.Types.ObjectId;
}

function answers(correct: number, n = 4, locked = false) {
  return Array.from({ length: n }, (_, i) => ({
    text: `answer ${i + 1}${i === correct ? ' (right)' : ''}`,
    c: i === correct,
    ...(locked ? { position: i } : {}),
  }));
}

export async function connect(mongoUri: string): Promise<void> {
  await mongoose.connect(mongoUri, { serverSelectionTimeoutMS: 10_000 });
}

export async function seedFixture(tag = 'q'): Promise<Fixture> {
  const atomA = `${tag}-alpha`;
  const atomB = `${tag}-bravo`;
  const company = await Company.create({ name: `Acme ${tag}`, logo_url: 'https://example.test/logo.png' });
  const claims = ['closures', 'scope'];
  const aIds: number[] = [];
  for (let i = 0; i < 8; i++) {
    const q = await createQuestion({
      question_text: `Alpha question ${i + 1}: what does \`f()\` return?`,
      code_block: i % 2 ? 'function f() { return 1; }' : '',
      code_language: i % 2 ? 'javascript' : null,
      administered: true,
      atoms: [atomA],
      claim: claims[i % 2],
      difficulty_params: { a: 1 + (i % 3) * 0.3, d: -1 + i * 0.3 },
      answers: answers(i % 4, 4, i === 0),
    });
    aIds.push(q._id);
  }
  // A variation of the first question: never served together with it.
  await createQuestion({
    question_text: 'Alpha question 1 (variation)',
    administered: true,
    atoms: [atomA],
    claim: 'closures',
    original_question_id: aIds[0],
    difficulty_params: { a: 1.2, d: 0 },
    answers: answers(1),
  });
  const beta = await createQuestion({
    question_text: 'Alpha beta question (unscored)',
    administered: false,
    atoms: [atomA],
    claim: 'scope',
    answers: answers(2),
  });
  for (let i = 0; i < 3; i++) {
    await createQuestion({
      question_text: `Bravo question ${i + 1}`,
      administered: true,
      atoms: [atomB],
      claim: null,
      difficulty_params: { a: 1, d: i - 1 },
      answers: answers(0, 3),
    });
  }
  await Atom.create({
    _id: atomA,
    name: `Alpha ${tag}`,
    num_questions: 4,
    beta_question_ordering: [beta._id],
  });
  await Atom.create({ _id: atomB, name: `Bravo ${tag}`, num_questions: 2, eta_minutes: 3 });
  const invitation = await Invitation.create({
    company: company._id,
    required_atoms: [atomA],
    optional_atoms: [atomB],
  });
  const demoInvitation = await Invitation.create({
    company: company._id,
    required_atoms: [atomA],
    optional_atoms: [atomB],
    demo: true,
  });
  return {
    atomA,
    atomB,
    betaId: beta._id,
    companyName: company.name,
    total: 7,
    invitationId: invitation._id,
    demoInvitationId: demoInvitation._id,
    companyId: company._id,
  };
}

/** Issues a quiz over `atoms` (default: both atoms, in order) and returns its token. */
export async function issueQuiz(
  fx: Fixture,
  opts: {
    atoms?: string[];
    expiresInHours?: number | null;
    invitation?: boolean;
    /** A quiz of the demo invitation (copies its demo flag, as createQuizForInvitation does). */
    demo?: boolean;
    extraTimePercent?: number;
  } = {},
): Promise<string> {
  const token = newToken();
  await QuizResult.create({
    token,
    invitation: opts.invitation === false ? null : opts.demo ? fx.demoInvitationId : fx.invitationId,
    demo: opts.demo === true,
    extra_time_percent: opts.extraTimePercent ?? 0,
    company: fx.companyId,
    atom_ids: opts.atoms ?? [fx.atomA, fx.atomB],
    // null: issued without an expiry, as createQuizForInvitation does (the API sets it at start).
    expires_at:
      opts.expiresInHours === null ? null : new Date(Date.now() + (opts.expiresInHours ?? 72) * 3600_000),
  });
  return token;
}

export async function quizDoc(token: string) {
  return QuizResult.findOne({ token }).lean().exec();
}

/** Sum of exposure counts over every question (each serving adds exactly one). */
export async function totalExposure(): Promise<number> {
  const qs = await Question.find({}, { exposure_count: 1 }).lean().exec();
  return qs.reduce((sum, q) => sum + (q.exposure_count ?? 0), 0);
}

export async function question(id: number) {
  return Question.findById(id).lean().exec();
}

// ---------------------------------------------------------------------------------------------
// HTTP

export interface Reply<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export async function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  raw?: string,
): Promise<Reply<T>> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {},
    body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  const text = await res.text();
  let parsed: any = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed as T, text, headers: res.headers };
}
