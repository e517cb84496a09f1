// The atoms remote's backend: every atom call of SPEC §7 (the bank simulator, and the beta
// candidates search, question search and attach/detach) behind one
// interface, AtomsApi. The exposed AdminAtomsApp takes an `api` prop (default: httpAtomsApi below)
// and hands it to the pages through context (./context.ts). The app tests and the standalone dev page
// run it against the real services (./atomsApi.test.ts checks its URLs and error mapping).
// A failed call throws ApiError (@skillquiz/http-client) carrying its status and the server's
// message (SPEC §8), which is what TanStack Query expects of a query or mutation function.
import { apiCall as call } from '@skillquiz/http-client';
import type {
  AtomListResponse,
  AtomResponse,
  AtomWithQuestionsResponse,
  BetaCandidatesResponse,
  HistoryResponse,
  RevertNotes,
  QuestionListResponse,
  QuestionResponse,
  SimulateRequest,
  SimulateResponse,
} from '@skillquiz/contracts';
import type { AtomPayload } from '../model/atomForm';

/** The simulator's inputs as typed: a field that is not a number goes as typed and gets the server's 400. */
export type SimulationInputs = { [K in keyof SimulateRequest]: SimulateRequest[K] | string };

export interface AtomsApi {
  /** GET /api/atoms?include_beta=true */
  list(signal?: AbortSignal): Promise<AtomListResponse>;
  /** GET /api/atoms/{id}: the atom and a page of its questions (`questionsPage`, from 1) with their count. */
  get(id: string, signal?: AbortSignal, questionsPage?: number): Promise<AtomWithQuestionsResponse>;
  /** POST /api/atoms */
  create(atom: AtomPayload): Promise<AtomResponse>;
  /** PUT /api/atoms/{id}/. `version` is the one the form loaded: a stale one gets 409 and changes nothing. */
  update(id: string, atom: AtomPayload, version: number | undefined): Promise<AtomResponse>;
  /** POST /api/atoms/delete/{id} */
  remove(id: string): Promise<{ success: true }>;
  /** The bank simulator on the saved atom (runs in a worker on the server; stores nothing). */
  simulate(id: string, request: SimulationInputs): Promise<SimulateResponse>;
  /** GET /api/questions/{id}: a beta question's preview. */
  question(id: number, signal?: AbortSignal): Promise<QuestionResponse>;
  /** GET /api/questions/beta-candidates?search=: existing, not administered questions (text or id). */
  betaCandidates(search: string, atom: string, signal?: AbortSignal): Promise<BetaCandidatesResponse>;
  /** GET /api/questions/?search=&only_administered=false: the first page of every question matching (to attach). */
  searchQuestions(search: string, signal?: AbortSignal): Promise<QuestionListResponse>;
  /** POST /api/atoms/{id}/questions/attach with the question's version (409 when stale). */
  attach(atomId: string, questionId: number, version: number): Promise<QuestionResponse>;
  /** GET /api/atoms/{id}/history (newest first). */
  history(id: string, signal?: AbortSignal): Promise<HistoryResponse>;
  /** POST /api/atoms/{id}/revert: `toVersion` restored as a new version; 409 on a stale `version`. */
  revert(id: string, toVersion: number, version: number): Promise<AtomResponse & RevertNotes>;
  /** POST /api/atoms/{id}/questions/detach with the question's version (409 when stale). */
  detach(atomId: string, questionId: number, version: number): Promise<QuestionResponse>;
}

const atomPath = (id: string) => `/api/atoms/${encodeURIComponent(id)}`;

/** AtomsApi over HTTP to the services (same origin, the session cookie, the CSRF header on writes). */
export const httpAtomsApi: AtomsApi = {
  list: (signal) => call<AtomListResponse>('/api/atoms?include_beta=true', { signal }),
  get: (id, signal, questionsPage = 1) =>
    call<AtomWithQuestionsResponse>(
      questionsPage > 1 ? `${atomPath(id)}?questions_page=${questionsPage}` : atomPath(id),
      { signal },
    ),
  create: (atom) => call<AtomResponse>('/api/atoms', { method: 'POST', body: atom }),
  update: (id, atom, version) =>
    call<AtomResponse>(`${atomPath(id)}/`, { method: 'PUT', body: { ...atom, version } }),
  remove: (id) => call<{ success: true }>(`/api/atoms/delete/${encodeURIComponent(id)}`, { method: 'POST' }),
  simulate: (id, request) =>
    call<SimulateResponse>(`${atomPath(id)}/simulate`, { method: 'POST', body: request }),
  question: (id, signal) => call<QuestionResponse>(`/api/questions/${id}`, { signal }),
  betaCandidates: (search, atom, signal) =>
    call<BetaCandidatesResponse>(`/api/questions/beta-candidates?${new URLSearchParams({ search, atom })}`, {
      signal,
    }),
  searchQuestions: (search, signal) =>
    call<QuestionListResponse>(
      `/api/questions/?${new URLSearchParams({ page: '1', search, only_administered: 'false', atom: 'all' })}`,
      { signal },
    ),
  attach: (atomId, questionId, version) =>
    call<QuestionResponse>(`${atomPath(atomId)}/questions/attach`, {
      method: 'POST',
      body: { question_id: questionId, version },
    }),
  history: (id, signal) => call<HistoryResponse>(`${atomPath(id)}/history`, { signal }),
  revert: (id, toVersion, version) =>
    call<AtomResponse & RevertNotes>(`${atomPath(id)}/revert`, {
      method: 'POST',
      body: { to_version: toVersion, version },
    }),
  detach: (atomId, questionId, version) =>
    call<QuestionResponse>(`${atomPath(atomId)}/questions/detach`, {
      method: 'POST',
      body: { question_id: questionId, version },
    }),
};
