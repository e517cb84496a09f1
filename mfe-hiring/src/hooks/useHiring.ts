// Hiring data through TanStack Query: the queryOptions and mutationOptions factories of
// api/queries.ts (keys, functions, toasts, invalidations) over the app's HiringApi.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHiringApi } from '../api/context';
import type { InvitationFilters } from '../api/hiringApi';
import { hiringMutations, hiringQueries } from '../api/queries';

export function useHiringQueries() {
  return hiringQueries(useHiringApi());
}

export function useMe() {
  return useQuery(useHiringQueries().me());
}

export function useAtoms() {
  return useQuery(useHiringQueries().atoms());
}

export function useInvitationList(filters: InvitationFilters & { page: number }) {
  return useQuery(useHiringQueries().list(filters));
}

export function useReport(id: string) {
  return useQuery(useHiringQueries().report(id));
}

/** The statistical signals of a candidate's answers (none when the backend has no such call). */
export function useAnswerSignals(id: string) {
  return useQuery(useHiringQueries().answerSignals(id));
}

function useHiringMutations() {
  return hiringMutations(useHiringApi(), useQueryClient());
}

export function useCreateInvitation(company: string | undefined) {
  return useMutation(useHiringMutations().create(company));
}

export function useBulkPreview(company: string | undefined) {
  return useMutation(useHiringMutations().bulkPreview(company));
}

export function useBulkCreate(company: string | undefined) {
  return useMutation(useHiringMutations().bulkCreate(company));
}

export function useExportCsv() {
  return useMutation(useHiringMutations().exportCsv());
}

export function useRevoke(id: string) {
  return useMutation(useHiringMutations().revoke(id));
}

export function useExtend(id: string) {
  return useMutation(useHiringMutations().extend(id));
}

/** The company's settings; `company`: an admin's choice ('' for a recruiter's own company). */
export function useSurvey(company: string, enabled = true) {
  return useQuery({ ...useHiringQueries().survey(company), enabled });
}

export function useSettings(company: string, enabled = true) {
  return useQuery({ ...useHiringQueries().settings(company), enabled });
}

export function useWebhookAttempts(company: string, page: number, enabled = true) {
  return useQuery({ ...useHiringQueries().attempts(company, page), enabled });
}

export function useSaveWebhook(company: string) {
  return useMutation(useHiringMutations().saveWebhook(company));
}

export function useTestWebhook(company: string) {
  return useMutation(useHiringMutations().testWebhook(company));
}

/**
 * `value` once it has stayed the same for `delayMs`: the search box's text becomes the URL's q (and
 * a fetch) when the typing pauses, not on every key.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(settled, value)) return undefined;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}

/** The page's title while it is shown (the shell sets its default on each navigation first). */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} - SkillQuiz`;
  }, [title]);
}
