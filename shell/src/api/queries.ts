// The shell's own data as TanStack Query `queryOptions` factories: GET /me (the admin frame), the dev
// outbox link and the live-remotes page. Each fetch gets TanStack's `signal` (a load nobody waits for
// is aborted); the client is the admin remotes' (one retry policy: none). The loaders are parameters
// so a test can hand in a reply without replacing a module.
import { queryOptions } from '@tanstack/react-query';
import type { ApiResult } from '@skillquiz/http-client';
import { fetchCurrentUser } from './me';
import { fetchDevOutbox } from './devOutbox';
import { fetchLiveRemotes } from './liveRemotes';

export const shellKeys = {
  me: ['me'] as const,
  devOutbox: ['dev-outbox'] as const,
  liveRemotes: ['live-remotes'] as const,
};

/** The data of a successful reply; a failed one throws its message (the query's `error`). */
async function dataOf<T>(reply: Promise<ApiResult<T>>): Promise<T> {
  const result = await reply;
  if (!result.success) throw new Error(result.message);
  return result.data;
}

/** GET /me: the signed-in user, or null for any failure ("not signed in" to the frame). */
export const currentUserQuery = (load: typeof fetchCurrentUser = fetchCurrentUser) =>
  queryOptions({
    queryKey: shellKeys.me,
    queryFn: async ({ signal }) => {
      const result = await load(signal);
      return result.success ? result.data : null;
    },
  });

/** The dev outbox's page, or null when this server has none (production: a 404). Asked once. */
export const devOutboxQuery = (load: typeof fetchDevOutbox = fetchDevOutbox) =>
  queryOptions({
    queryKey: shellKeys.devOutbox,
    queryFn: async ({ signal }) => {
      const result = await load(signal);
      return result.success ? result.data.page : null;
    },
    staleTime: Infinity,
  });

/** GET /api/admin/remotes; a failure is the page's inline alert with Try again. */
export const liveRemotesQuery = (load: typeof fetchLiveRemotes = fetchLiveRemotes) =>
  queryOptions({
    queryKey: shellKeys.liveRemotes,
    queryFn: ({ signal }) => dataOf(load(signal)),
  });
