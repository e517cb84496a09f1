import { apiFetch, type ApiResult } from '@skillquiz/http-client';

/** GET /api/dev/outbox: answers only in development with the dev mail catcher (404 otherwise). */
export function fetchDevOutbox(signal?: AbortSignal): Promise<ApiResult<{ page: string }>> {
  return apiFetch<{ page: string }>('/api/dev/outbox', { signal });
}
