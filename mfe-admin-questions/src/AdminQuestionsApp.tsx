// The questions admin remote (exposed as mfe_admin_questions/AdminQuestionsApp), mounted by the shell
// at /admin/questions/* inside the admin frame's <main>. Its routes are data (src/routes.tsx); its
// backend is the `api` prop (default: HTTP to the services), given to every page through context; its
// data cache is the admin query client of @skillquiz/admin-ui (SPEC §8's toasts). Tests and the
// standalone dev page (dev/) pass an in-memory QuestionsApi.
import { useState } from 'react';
import { useRoutes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminAppProps } from '@skillquiz/contracts';
import { createAdminQueryClient } from '@skillquiz/admin-ui';
import { QuestionsApiProvider } from './api/context';
import { httpQuestionsApi, type QuestionsApi } from './api/questionsApi';
import { questionRoutes } from './routes';
import './styles.css';

export interface AdminQuestionsAppProps extends AdminAppProps {
  /** The backend (default: httpQuestionsApi). Tests and the dev page pass a fake. */
  api?: QuestionsApi;
}

export default function AdminQuestionsApp({ api = httpQuestionsApi }: AdminQuestionsAppProps) {
  const [queryClient] = useState(createAdminQueryClient);
  const routes = useRoutes(questionRoutes);
  return (
    <QuestionsApiProvider api={api}>
      <QueryClientProvider client={queryClient}>{routes}</QueryClientProvider>
    </QuestionsApiProvider>
  );
}
