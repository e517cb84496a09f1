// The dev outbox's page, when this server has one (development with the dev mail catcher):
// the admin frame then links it. Asked once per signed-in mount; any failure means no link.
import { useEffect, useState } from 'react';
import { fetchDevOutbox } from '../api/devOutbox';

export function useDevOutbox(signedIn: boolean, load = fetchDevOutbox): string | null {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    load().then((result) => {
      if (live && result.success) setPage(result.data.page);
    });
    return () => {
      live = false;
    };
  }, [signedIn, load]);
  return signedIn ? page : null;
}
