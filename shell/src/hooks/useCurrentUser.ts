// GET /me once per mount: pending, then signed in (with the user) or signed out (any failure).
import { useEffect, useState } from 'react';
import type { CurrentUser } from '@skillquiz/contracts';
import { fetchCurrentUser } from '../api/me';

export type CurrentUserState =
  { status: 'pending' } | { status: 'signed-in'; user: CurrentUser } | { status: 'signed-out' };

export function useCurrentUser(loadUser: typeof fetchCurrentUser = fetchCurrentUser): CurrentUserState {
  const [state, setState] = useState<CurrentUserState>({ status: 'pending' });
  useEffect(() => {
    let live = true;
    loadUser().then((result) => {
      if (live)
        setState(result.success ? { status: 'signed-in', user: result.data } : { status: 'signed-out' });
    });
    return () => {
      live = false;
    };
  }, [loadUser]);
  return state;
}
