// Every route of the shell, as data. Remotes own the pages under their prefix (they render their own
// nested <Routes>); the shell owns the frame, the landing page at '/', the 404 and error pages.
import type { RouteObject } from 'react-router-dom';
import { RootLayout } from './components/RootLayout';
import { AdminFrame } from './components/AdminFrame';
import { ErrorPage } from './pages/ErrorPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { LoginPage } from './pages/LoginPage';
import { QuizPage } from './pages/QuizPage';
import { AdminAtomsPage, AdminQuestionsPage, HiringPage } from './pages/AdminRemotePages';
import { LiveRemotesPage } from './pages/LiveRemotesPage';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'quiz/*', element: <QuizPage /> },
      { path: '404', element: <NotFoundPage /> },
      {
        path: 'admin',
        element: <AdminFrame />,
        children: [
          { index: true, element: <LoginPage /> },
          { path: 'atoms/*', element: <AdminAtomsPage /> },
          { path: 'questions/*', element: <AdminQuestionsPage /> },
          { path: 'remotes', element: <LiveRemotesPage /> },
          { path: '*', element: <ErrorPage embedded /> },
        ],
      },
      {
        // The hiring remote's pages, inside the same admin frame (signed out: to /admin).
        // /hiring itself needs the index route (a splat does not match an empty rest); both render the
        // same element in the same place, so moving between them keeps the remote mounted.
        path: 'hiring',
        element: <AdminFrame />,
        children: [
          { index: true, element: <HiringPage /> },
          { path: '*', element: <HiringPage /> },
        ],
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];
