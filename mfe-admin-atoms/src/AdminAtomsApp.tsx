// The atoms admin remote (exposed as mfe_admin_atoms/AdminAtomsApp), mounted by the shell at
// /admin/atoms/* inside the admin frame's <main>. Its routes are data (src/routes.tsx); its backend is
// the `api` prop (default: HTTP to the services), given to every page through context; its data
// cache is the admin query client of @skillquiz/admin-ui (SPEC §8's toasts). Tests and the standalone
// dev page (dev/) pass an in-memory AtomsApi.
import { useState } from 'react';
import { useRoutes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminAppProps } from '@skillquiz/contracts';
import { createAdminQueryClient } from '@skillquiz/admin-ui';
import { AtomsApiProvider } from './api/context';
import { httpAtomsApi, type AtomsApi } from './api/atomsApi';
import { atomRoutes } from './routes';
import './styles.css';

export interface AdminAtomsAppProps extends AdminAppProps {
  /** The backend (default: httpAtomsApi). Tests and the dev page pass a fake. */
  api?: AtomsApi;
}

export default function AdminAtomsApp({ api = httpAtomsApi }: AdminAtomsAppProps) {
  const [queryClient] = useState(createAdminQueryClient);
  const routes = useRoutes(atomRoutes);
  return (
    <AtomsApiProvider api={api}>
      <QueryClientProvider client={queryClient}>{routes}</QueryClientProvider>
    </AtomsApiProvider>
  );
}
