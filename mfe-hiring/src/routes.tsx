// The hiring remote's routes as data, relative to the shell's /hiring/* mount: the
// candidates list, the invite page, one candidate's report, the company's settings and
// the relevance survey in aggregate.
import { Navigate, type RouteObject } from 'react-router-dom';
import { CandidatesPage } from './pages/CandidatesPage';
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
  { path: '*', element: <Navigate to="/404" replace /> },
];
