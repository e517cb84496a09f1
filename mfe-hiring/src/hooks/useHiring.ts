// Hiring data through TanStack Query: the factories of api/queries.ts over the app's HiringApi,
// and the mutations with their toasts (mutationMeta). A write refreshes what it changed: every list,
// and the report it returns.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showErrorToast, type AdminMutationMeta } from '@skillquiz/admin-ui';
import { ApiError } from '@skillquiz/http-client';
import type { InvitationCreate, InvitationReport, WebhookSettingsUpdate } from '@skillquiz/contracts';
import { useHiringApi } from '../api/context';
import type { BulkInviteInput, InvitationFilters } from '../api/hiringApi';
import { hiringKeys, hiringQueries, mutationMeta, TOASTS, WRITE_TOAST_MS } from '../api/queries';

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

/** After a write: the lists are out of date (not awaited: the page need not wait for them). */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: hiringKeys.lists });
}

export function useCreateInvitation(company: string | undefined) {
  const api = useHiringApi();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (input: InvitationCreate) => api.create(input, company),
    meta: mutationMeta.create,
    onSuccess: refresh,
  });
}

export function useBulkPreview(company: string | undefined) {
  const api = useHiringApi();
  return useMutation({
    mutationFn: (input: BulkInviteInput) => api.bulkPreview(input, company),
    meta: mutationMeta.bulkPreview,
  });
}

export function useBulkCreate(company: string | undefined) {
  const api = useHiringApi();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (input: BulkInviteInput) => api.bulkCreate(input, company),
    meta: mutationMeta.bulkCreate,
    onSuccess: refresh,
  });
}

export function useExportCsv() {
  const api = useHiringApi();
  return useMutation({
    mutationFn: (filters: InvitationFilters) => api.exportCsv(filters),
    meta: mutationMeta.exportCsv,
  });
}

/** Revoke and extend answer with the report as it stands: it replaces the cached one. */
function useReportWrite<V>(id: string, write: (v: V) => Promise<InvitationReport>, meta: AdminMutationMeta) {
  const queryClient = useQueryClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: write,
    meta,
    onSuccess: (report) => {
      queryClient.setQueryData(hiringKeys.report(id), report);
      refresh();
    },
  });
}

export function useRevoke(id: string) {
  const api = useHiringApi();
  return useReportWrite<void>(id, () => api.revoke(id), mutationMeta.revoke);
}

export function useExtend(id: string) {
  const api = useHiringApi();
  return useReportWrite<string>(id, (expiresAt) => api.extend(id, expiresAt), mutationMeta.extend);
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

/**
 * Saving the webhook: the reply is the settings as stored (it replaces the cached ones). A stale
 * version (409) reloads the settings, so the form shows what the other person saved; nothing is
 * sent again. Both 400 and 409 are said on the page; only other failures raise a toast.
 */
export function useSaveWebhook(company: string) {
  const api = useHiringApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookSettingsUpdate) => api.saveWebhook(input, company || undefined),
    meta: mutationMeta.saveWebhook,
    onSuccess: (settings) => queryClient.setQueryData(hiringKeys.settings(company), settings),
    onError: (error) => {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 409) void queryClient.invalidateQueries({ queryKey: hiringKeys.settings(company) });
      else if (status !== 400)
        showErrorToast(TOASTS.SAVE_WEBHOOK, { durationMs: WRITE_TOAST_MS, detail: error.message });
    },
  });
}

/** A test event: one delivery now; every attempts page is out of date after it. */
export function useTestWebhook(company: string) {
  const api = useHiringApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.testWebhook(company || undefined),
    meta: mutationMeta.testWebhook,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: hiringKeys.attemptsOf(company) }),
  });
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
