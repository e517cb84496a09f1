// The frame around every page: the shell's query client (GET /me, the dev outbox, the live remotes)
// and the default page title. The one toast container is the admin frame's (the candidate's pages
// never toast, and do not download react-toastify).
//
// The title is React 19's <title>, which React puts in <head>. It comes before the page's outlet: a
// <title> mounted later (a page's own, e.g. 'Live remotes - SkillQuiz Admin') goes in front of it,
// and the first <title> in <head> is the document's, so the page's own wins while it is shown.
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAdminQueryClient } from '@skillquiz/admin-ui/query-client';
import { defaultTitleFor } from '../model/defaultTitle';

export function RootLayout() {
  const [queryClient] = useState(createAdminQueryClient);
  const { pathname } = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <title>{defaultTitleFor(pathname)}</title>
      <Outlet />
    </QueryClientProvider>
  );
}
