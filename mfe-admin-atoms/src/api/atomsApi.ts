// Every atom call of SPEC §7 through apiCall (@skillquiz/http-client: SPEC §8's error mapping, and
// the CSRF header on writes). A failed call throws its ApiError carrying the server's message, which
// is what TanStack Query expects of a query or mutation function.
import { apiCall as call } from '@skillquiz/http-client';
import type {
  AtomListResponse,
  AtomResponse,
  AtomWithQuestionsResponse,
  QuestionResponse,
  SimulateRequest,
  SimulateResponse,
} from '@skillquiz/contracts';
import type { AtomPayload } from '../hooks/atomForm';

/** The simulator's inputs as typed: a field that is not a number goes as typed and gets the server's 400. */
export type SimulationInputs = { [K in keyof SimulateRequest]: SimulateRequest[K] | string };

const atomPath = (id: string) => `/api/atoms/${encodeURIComponent(id)}`;

export const atomsApi = {
  list: () => call<AtomListResponse>('/api/atoms?include_beta=true'),
  get: (id: string) => call<AtomWithQuestionsResponse>(atomPath(id)),
  create: (atom: AtomPayload) => call<AtomResponse>('/api/atoms', { method: 'POST', body: atom }),
  /** `version` is the one the form loaded: a stale one gets 409 and changes nothing. */
  update: (id: string, atom: AtomPayload, version: number | undefined) =>
    call<AtomResponse>(`${atomPath(id)}/`, { method: 'PUT', body: { ...atom, version } }),
  remove: (id: string) =>
    call<{ success: true }>(`/api/atoms/delete/${encodeURIComponent(id)}`, { method: 'POST' }),
  /** Issue 14: the bank simulator on the saved atom (runs in a worker on the server; stores nothing). */
  simulate: (id: string, request: SimulationInputs) =>
    call<SimulateResponse>(`${atomPath(id)}/simulate`, { method: 'POST', body: request }),
  question: (id: number) => call<QuestionResponse>(`/api/questions/${id}`),
};
