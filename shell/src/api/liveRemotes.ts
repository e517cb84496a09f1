import { apiFetch, type ApiResult } from '@skillquiz/http-client';
import type { LiveRemotesResponse } from '@skillquiz/contracts';

/** GET /api/admin/remotes: the live version of each remote and its ship/rollback history (admins). */
export function fetchLiveRemotes(signal?: AbortSignal): Promise<ApiResult<LiveRemotesResponse>> {
  return apiFetch<LiveRemotesResponse>('/api/admin/remotes', { signal });
}
