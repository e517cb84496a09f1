// The after-create data through TanStack Query (api/afterCreateQueries.ts) over the app's HiringApi.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHiringApi } from '../api/context';
import { afterCreateMutations, afterCreateQueries } from '../api/afterCreateQueries';

const useQueries = () => afterCreateQueries(useHiringApi());
const useMutations = () => afterCreateMutations(useHiringApi(), useQueryClient());

export const useCatalogue = () => useQuery(useQueries().catalogue());
export const useInvitationEmail = (id: string) => useQuery(useQueries().email(id));
export const useEmailStatuses = (ids: readonly string[]) => useQuery(useQueries().emailsOf(ids));
export function useContact(company: string, enabled = true) {
  const api = useHiringApi();
  return useQuery({
    ...afterCreateQueries(api).contact(company),
    enabled: enabled && api.contact !== undefined,
  });
}
export const useResend = (id: string) => useMutation(useMutations().resend(id));
export const useEditInvitation = (id: string) => useMutation(useMutations().edit(id));
export const useSaveContact = (company: string) => useMutation(useMutations().saveContact(company));
