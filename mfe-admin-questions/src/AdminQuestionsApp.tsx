// The questions admin remote (exposed as mfe_admin_questions/AdminQuestionsApp), mounted by the shell
// at /admin/questions/* inside the admin frame's <main>. Routes are relative to that mount (SPEC §2):
// the list, and edit/{id|new}/ with its tab in ?page=.
import { useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminAppProps } from '@skillquiz/contracts';
import { QuestionsListPage } from './pages/QuestionsListPage';
import { QuestionEditPage } from './pages/QuestionEditPage';
import './styles.css';

function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // An editor's form must never be reset under the user by a background refetch.
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export default function AdminQuestionsApp(_props: AdminAppProps) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route index element={<QuestionsListPage />} />
        <Route path="edit/:id" element={<QuestionEditPage />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </QueryClientProvider>
  );
}
