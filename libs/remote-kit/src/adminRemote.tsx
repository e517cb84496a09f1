// The exposed app component of an admin remote (atoms, questions, hiring), written once: the
// remote's `api` (default: its HTTP implementation) in context for every page, the admin query
// client of @skillquiz/admin-ui (SPEC §8's toasts from each query's and mutation's `meta`, the one
// retry policy), and the remote's routes as data, relative to where the shell mounts it.
//
//   // mfe-x/src/XApp.tsx
//   export default createAdminRemote({ api: { Provider: XApiProvider, http: httpXApi }, routes: xRoutes });
import { useState, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminAppProps } from '@skillquiz/contracts';
import { createAdminQueryClient } from '@skillquiz/admin-ui';
import type { ApiProviderProps } from './apiContext';

export interface AdminRemoteProps<Api> extends AdminAppProps {
  /** The backend (default: the remote's HTTP implementation). Dev pages and app tests may wrap it. */
  api?: Api;
}

export interface AdminRemoteOptions<Api> {
  api: {
    /** The remote's ApiProvider (its src/api/context.ts). */
    Provider: (props: ApiProviderProps<Api>) => ReactNode;
    /** What production uses: the remote's HTTP implementation of Api. */
    http: Api;
  };
  /** The remote's routes (src/routes.tsx). */
  routes: RouteObject[];
  /** A class on a wrapper around the routes, for a remote whose styles are scoped under one. */
  className?: string;
}

export function createAdminRemote<Api>({
  api: { Provider, http },
  routes,
  className,
}: AdminRemoteOptions<Api>): ComponentType<AdminRemoteProps<Api>> {
  function AdminRemote({ api = http }: AdminRemoteProps<Api>) {
    const [queryClient] = useState(createAdminQueryClient);
    const element = useRoutes(routes);
    return (
      <Provider api={api}>
        <QueryClientProvider client={queryClient}>
          {className ? <div className={className}>{element}</div> : element}
        </QueryClientProvider>
      </Provider>
    );
  }
  return AdminRemote;
}
