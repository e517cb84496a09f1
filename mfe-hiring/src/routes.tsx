// The hiring remote's routes as data, relative to the shell's /hiring/* mount (issue 19): the
// candidates list, the invite page, one candidate's report and the company's settings (issue 20).
import { Navigate, type RouteObject } from 'react-router-dom';
import { CandidatesPage } from './pages/CandidatesPage';
import { InvitePage } from './pages/InvitePage';
import { ReportPage } from './pages/ReportPage';
import { SettingsPage } from './pages/SettingsPage';

export const hiringRoutes: RouteObject[] = [
  { index: true, element: <CandidatesPage /> },
  { path: 'invite', element: <InvitePage /> },
  { path: 'invitations/:id', element: <ReportPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: '*', element: <Navigate to="/404" replace /> },
];
