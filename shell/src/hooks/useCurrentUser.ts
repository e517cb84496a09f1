// GET /me through TanStack Query: pending, then signed in (with the user) or signed out (any failure).
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@skillquiz/contracts';
import { fetchCurrentUser } from '../api/me';
import { currentUserQuery } from '../api/queries';

export type CurrentUserState =
  { status: 'pending' } | { status: 'signed-in'; user: CurrentUser } | { status: 'signed-out' };

export function useCurrentUser(loadUser: typeof fetchCurrentUser = fetchCurrentUser): CurrentUserState {
  const { data } = useQuery(currentUserQuery(loadUser));
  if (data === undefined) return { status: 'pending' };
  return data ? { status: 'signed-in', user: data } : { status: 'signed-out' };
}
