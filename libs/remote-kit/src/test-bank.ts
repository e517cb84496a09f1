// `@skillquiz/remote-kit/test-bank`: the admin remotes' app-test data on the real services, written through their own admin API (never a second backend): an
// atom or a question of this test run, with a word of the run in its id or text so files that share
// the services never meet. Used by the app tests only (a test file runs setupTestServices() first;
// the writes go out as whatever role the test has set, the content admin for these).
import { encodeQuestionPayload } from '@skillquiz/contracts/questions';
import type { Atom, AtomResponse, Question, QuestionResponse } from '@skillquiz/contracts';
import type { DevRole, TestServices } from './test-services';

/** A word unique to this test file's run. */
export const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A JSON call to the services as the test's current role; a reply that is not 2xx fails the test. */
export async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
export const getJson = <T>(path: string) => send<T>('GET', path);

/** POST /api/atoms: a new atom (the server's defaults for what `fields` leaves out). */
export async function createAtom(fields: Partial<Atom> & Pick<Atom, 'id' | 'name'>): Promise<Atom> {
  return (await send<AtomResponse>('POST', '/api/atoms', { category: 'Tests', ...fields })).atom;
}

export interface NewQuestion {
  text: string;
  atoms: string[];
  administered?: boolean;
  language?: string | null;
  code?: string;
  code_language?: string | null;
  /** draft (the default) or in_review; an administered one is made ready. */
  status?: 'draft' | 'in_review';
}

/**
 * A question through the editor's API. An administered one has to be ready first, and with review
 * required a second admin marks it so: the admin writes it in review, the second admin marks it
 * ready, the admin administers it.
 */
export async function createQuestion(services: TestServices, q: NewQuestion, role: DevRole = 'admin') {
  const payload = encodeQuestionPayload({
    question_text: q.text,
    code_block: q.code ?? '',
    code_language: q.code_language ?? null,
    answers: [
      { text: 'right', c: true },
      { text: 'wrong', c: false },
      { text: 'also wrong', c: false },
    ],
    all_atoms: q.atoms,
    language: q.language ?? null,
    administered: false,
    ...(q.administered ? { status: 'in_review' as const } : q.status ? { status: q.status } : {}),
  });
  let { question } = await send<QuestionResponse>('POST', '/api/question/', payload);
  if (q.administered) {
    services.as('second-admin');
    try {
      ({ question } = await send<QuestionResponse>('POST', `/api/questions/${question.id}/status`, {
        status: 'ready',
        version: question.version,
      }));
    } finally {
      services.as(role);
    }
    ({ question } = await send<QuestionResponse>('POST', `/api/question/${question.id}`, {
      ...payload,
      status: 'ready',
      administered: true,
      version: question.version,
    }));
  }
  return question;
}

export const getQuestion = async (id: number): Promise<Question> =>
  (await getJson<QuestionResponse>(`/api/questions/${id}`)).question;
