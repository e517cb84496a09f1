// The hiring remote's routes as data, relative to the shell's /hiring/* mount (issue 19): the
// candidates list, the invite page and one candidate's report.
import { Navigate, type RouteObject } from 'react-router-dom';
import { CandidatesPage } from './pages/CandidatesPage';
import { InvitePage } from './pages/InvitePage';
import { ReportPage } from './pages/ReportPage';

export const hiringRoutes: RouteObject[] = [
  { index: true, element: <CandidatesPage /> },
  { path: 'invite', element: <InvitePage /> },
  { path: 'invitations/:id', element: <ReportPage /> },
  { path: '*', element: <Navigate to="/404" replace /> },
];
