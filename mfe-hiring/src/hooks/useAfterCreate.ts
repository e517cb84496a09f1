// The after-create data through TanStack Query (api/queries.ts) over the app's HiringApi.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHiringApi } from '../api/context';
import { hiringMutations, hiringQueries } from '../api/queries';

const useQueries = () => hiringQueries(useHiringApi());
const useMutations = () => hiringMutations(useHiringApi(), useQueryClient());

export const useCatalogue = () => useQuery(useQueries().catalogue());
export const useInvitationEmail = (id: string) => useQuery(useQueries().email(id));
export const useEmailStatuses = (ids: readonly string[]) => useQuery(useQueries().emailsOf(ids));
export function useContact(company: string, enabled = true) {
  return useQuery({ ...useQueries().contact(company), enabled });
}
export const useResend = (id: string) => useMutation(useMutations().resend(id));
export const useEditInvitation = (id: string) => useMutation(useMutations().edit(id));
export const useSaveContact = (company: string) => useMutation(useMutations().saveContact(company));
export function useStages(company: string, enabled = true) {
  return useQuery({ ...useQueries().stages(company), enabled });
}
export const useSaveStages = (company: string) => useMutation(useMutations().saveStages(company));
