// What the front ends share as `@tanstack/react-query`: the data layer of a single-page app in the
// browser (the client and its caches, the provider, queries, parallel queries, mutations, the
// option factories and the helpers around them), re-exported from the package by name. A shared
// module keeps every export of what it shares, so sharing the package itself would ship its
// server-rendering hydration, persistence, infinite and streamed queries and mutation-state hooks
// to every page that loads the shell; re-exported by name, those are tree-shaken away.
//
// It imports the package through the alias 'shared-package/@tanstack/react-query' (the package's own
// entry file, resolved by the webpack factory): by its own name the import would be this share again.
//
// A name missing here would be undefined in the app that imports it; this package's test lists any
// name a front end imports that is missing. Add it here, from the package's own list.
export {
  CancelledError,
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
  QueryErrorResetBoundary,
  focusManager,
  hashKey,
  isCancelledError,
  keepPreviousData,
  matchMutation,
  matchQuery,
  mutationOptions,
  notifyManager,
  onlineManager,
  queryOptions,
  skipToken,
  useIsFetching,
  useIsMutating,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  useQueryErrorResetBoundary,
  useSuspenseQuery,
} from 'shared-package/@tanstack/react-query';
