// Every atom call of SPEC §7 through apiCall (@skillquiz/http-client: SPEC §8's error mapping, and
// the CSRF header on writes). A failed call throws its ApiError carrying the server's message, which
// is what TanStack Query expects of a query or mutation function.
import { apiCall as call } from '@skillquiz/http-client';
import type {
  AtomListResponse,
  AtomResponse,
  AtomWithQuestionsResponse,
  QuestionResponse,
} from '@skillquiz/contracts';
import type { AtomPayload } from '../hooks/atomForm';

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
  question: (id: number) => call<QuestionResponse>(`/api/questions/${id}`),
};
