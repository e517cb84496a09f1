// The admin remotes' one TanStack Query client, with SPEC §8's toast policy in one place: a query or
// mutation says in its `meta` which toast its failure (or a mutation's success) raises, and the
// client's caches raise it. Queries without `meta.errorToast` fail silently (SPEC §8: a single
// question's load on edit, a beta question's preview), and the page says what it needs to.
//
//   queryOptions({ queryKey, queryFn, meta: { errorToast: { title: 'Error loading atoms', durationMs: 9000, id: 'atoms' } } })
//   useMutation({ mutationFn, meta: { errorToast: { title: 'Error saving atom', durationMs: 3000 },
//                                     successToast: { title: 'Atom saved', durationMs: 3000 } } })
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * The toasts module (and react-toastify with it), loaded when a toast is first raised or closed: the
 * shell's frame holds this client on every page, the candidate's quiz included, which never toasts
 * and should not download the library before its question. Every call goes through the same promise,
 * so a close follows the raise it closes.
 */
let toastsModule: Promise<typeof import('./toasts')> | undefined;
const withToasts = (use: (toasts: typeof import('./toasts')) => void) => {
  toastsModule ??= import('./toasts');
  void toastsModule.then(use);
};

export interface ToastMeta {
  /** The toast's title, e.g. 'Error loading atoms' (SPEC §8). The error's message shows under it. */
  title: string;
  /** How long it stays (SPEC §9's durations). */
  durationMs: number;
  /**
   * A query's toast id: a repeated failure replaces its toast instead of stacking another, and the
   * toast closes once the query works again.
   */
  id?: string;
}

export interface AdminQueryMeta extends Record<string, unknown> {
  errorToast?: ToastMeta;
}

export interface AdminMutationMeta extends Record<string, unknown> {
  errorToast?: ToastMeta;
  /** Raised when the mutation succeeds; `detail(data)` may add a line under the title. */
  successToast?: Omit<ToastMeta, 'id'> & { detail?: (data: unknown) => string };
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AdminQueryMeta;
    mutationMeta: AdminMutationMeta;
  }
}

/**
 * A new client for one admin remote (its app keeps it for its lifetime). Defaults: no retry (a query
 * that wants one says so), and no refetch on window focus, which would reset a form under the user.
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const toast = query.meta?.errorToast;
        if (toast)
          withToasts((t) =>
            t.showErrorToast(toast.title, {
              durationMs: toast.durationMs,
              detail: error.message,
              id: toast.id,
            }),
          );
      },
      onSuccess: (_data, query) => {
        const id = query.meta?.errorToast?.id;
        if (id) withToasts((t) => t.dismissToast(id));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const toast = mutation.meta?.errorToast;
        if (toast)
          withToasts((t) =>
            t.showErrorToast(toast.title, {
              durationMs: toast.durationMs,
              detail: error.message,
              id: toast.id,
            }),
          );
      },
      onSuccess: (data, _variables, _context, mutation) => {
        const toast = mutation.meta?.successToast;
        if (toast)
          withToasts((t) =>
            t.showSuccessToast(toast.title, { durationMs: toast.durationMs, detail: toast.detail?.(data) }),
          );
      },
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
