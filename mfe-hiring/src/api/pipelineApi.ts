// The hiring API's pipeline of one invitation (services/src/hiring/pipeline-router.ts): its stage,
// notes and ratings for the report page, each write carrying the version it was read at (409 when
// someone else saved first). Part of HiringApi, optional there, so a backend without it (the dev
// fake) simply hides the pipeline section.
import { apiCall } from '@skillquiz/http-client';
import type {
  PipelineNoteCreate,
  PipelineRatingUpdate,
  PipelineStageUpdate,
  PipelineView,
} from '@skillquiz/contracts';

export interface PipelineApi {
  /** GET /api/hiring/invitations/{id}/pipeline */
  pipeline(id: string, signal?: AbortSignal): Promise<PipelineView>;
  /** PUT .../pipeline/stage { stage, version } */
  setStage(id: string, input: PipelineStageUpdate): Promise<PipelineView>;
  /** POST .../pipeline/notes { text, version } (201) */
  addNote(id: string, input: PipelineNoteCreate): Promise<PipelineView>;
  /** PUT .../pipeline/rating { rating: 1-5 | null, version }: the signed-in user's own rating */
  setRating(id: string, input: PipelineRatingUpdate): Promise<PipelineView>;
}

const path = (id: string, rest = '') => `/api/hiring/invitations/${encodeURIComponent(id)}/pipeline${rest}`;

export const httpPipelineApi: PipelineApi = {
  pipeline: (id, signal) => apiCall<PipelineView>(path(id), { signal }),
  setStage: (id, input) => apiCall<PipelineView>(path(id, '/stage'), { method: 'PUT', body: input }),
  addNote: (id, input) => apiCall<PipelineView>(path(id, '/notes'), { method: 'POST', body: input }),
  setRating: (id, input) => apiCall<PipelineView>(path(id, '/rating'), { method: 'PUT', body: input }),
};
