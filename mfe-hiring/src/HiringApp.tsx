// The hiring remote (exposed as mfe_hiring/HiringApp), mounted by the shell at /hiring/* inside the
// admin frame's <main>, for recruiters (their company) and content admins (every company, with a
// switcher). Its routes are data (src/routes.tsx); its backend is the `api` prop (default: HTTP to
// the services' hiring API), given to every page through context; its data cache is the admin
// query client of @skillquiz/admin-ui (SPEC §8's toasts from each query's and mutation's meta).
// Tests and the standalone dev page (dev/) pass an in-memory HiringApi.
import { useState } from 'react';
import { useRoutes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminAppProps } from '@skillquiz/contracts';
import { createAdminQueryClient } from '@skillquiz/admin-ui';
import { HiringApiProvider } from './api/context';
import { httpHiringApi, type HiringApi } from './api/hiringApi';
import { hiringRoutes } from './routes';
import './styles.css';
import './decide/decide.css';
import './pipeline/pipeline.css';

export interface HiringAppProps extends AdminAppProps {
  /** The backend (default: httpHiringApi, which the app tests and the dev page use too). */
  api?: HiringApi;
}

export default function HiringApp({ api = httpHiringApi }: HiringAppProps) {
  const [queryClient] = useState(createAdminQueryClient);
  const routes = useRoutes(hiringRoutes);
  return (
    <HiringApiProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <div className="hr-app">{routes}</div>
      </QueryClientProvider>
    </HiringApiProvider>
  );
}
