// The dev outbox's page, when this server has one (development with the dev mail catcher):
// the admin frame then links it. Asked once signed in; any failure means no link.
import { useQuery } from '@tanstack/react-query';
import { fetchDevOutbox } from '../api/devOutbox';
import { devOutboxQuery } from '../api/queries';

export function useDevOutbox(signedIn: boolean, load = fetchDevOutbox): string | null {
  const { data } = useQuery({ ...devOutboxQuery(load), enabled: signedIn });
  return signedIn ? (data ?? null) : null;
}
