// The atoms admin remote (exposed as mfe_admin_atoms/AdminAtomsApp), mounted by the shell at
// /admin/atoms/* inside the admin frame's <main>. Routes are relative to that mount (SPEC §2):
// the list, edit/{id|new} (redirects to its general page) and edit/{id|new}/{page}.
import { useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminAppProps } from '@skillquiz/contracts';
import { AtomsListPage } from './pages/AtomsListPage';
import { AtomEditPage } from './pages/AtomEditPage';
import './styles.css';

function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // An editor's form must never be reset under the user by a background refetch.
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}

export default function AdminAtomsApp(_props: AdminAppProps) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route index element={<AtomsListPage />} />
        <Route path="edit/:id" element={<Navigate to="general" replace />} />
        <Route path="edit/:id/:page" element={<AtomEditPage />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </QueryClientProvider>
  );
}
