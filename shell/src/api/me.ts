import { apiFetch, type ApiResult } from '@skillquiz/http-client';
import type { CurrentUser } from '@skillquiz/contracts';

/** GET /me: the signed-in user (cookies included). Any failure means "not signed in" to the frame. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<ApiResult<CurrentUser>> {
  return apiFetch<CurrentUser>('/me', { signal });
}
