// The hiring remote's routes as data, relative to the shell's /hiring/* mount: the
// candidates list, the invite page, one candidate's report, the company's settings and
// the relevance survey in aggregate.
import { Navigate, type RouteObject } from 'react-router-dom';
import { CandidatesPage } from './pages/CandidatesPage';
import { ComparePage } from './decide/ComparePage';
import { RolePage } from './decide/RolePage';
import { RolesPage } from './decide/RolesPage';
import { InvitePage } from './pages/InvitePage';
import { ReportPage } from './pages/ReportPage';
import { SettingsPage } from './pages/SettingsPage';
import { SurveyPage } from './pages/SurveyPage';

export const hiringRoutes: RouteObject[] = [
  { index: true, element: <CandidatesPage /> },
  { path: 'invite', element: <InvitePage /> },
  { path: 'invitations/:id', element: <ReportPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'survey', element: <SurveyPage /> },
  { path: 'roles', element: <RolesPage /> },
  { path: 'roles/:id', element: <RolePage /> },
  { path: 'roles/:id/compare', element: <ComparePage /> },
  { path: '*', element: <Navigate to="/404" replace /> },
];
