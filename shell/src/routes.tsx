// Every route of the shell, as data. Remotes own the pages under their prefix (they render their own
// nested <Routes>); the shell owns the frame, the landing page at '/', the 404 and error pages.
// The staff side (./pages/adminArea.ts) is loaded by its routes when first entered.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RootLayout } from './components/RootLayout';
import { ErrorPage } from './pages/ErrorPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { QuizPage } from './pages/QuizPage';

type AdminArea = typeof import('./pages/adminArea');
/** A route's `lazy`: one component of the staff side's chunk. */
const fromAdminArea = (name: keyof AdminArea) => async (): Promise<{ Component: ComponentType }> => ({
  Component: (await import(/* webpackChunkName: "admin-area" */ './pages/adminArea'))[name] as ComponentType,
});

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
        lazy: fromAdminArea('AdminFrame'),
        children: [
          { index: true, lazy: fromAdminArea('LoginPage') },
          { path: 'atoms/*', lazy: fromAdminArea('AdminAtomsPage') },
          { path: 'questions/*', lazy: fromAdminArea('AdminQuestionsPage') },
          { path: 'remotes', lazy: fromAdminArea('LiveRemotesPage') },
          { path: '*', element: <ErrorPage embedded /> },
        ],
      },
      {
        // The hiring remote's pages, inside the same admin frame (signed out: to /admin).
        // /hiring itself needs the index route (a splat does not match an empty rest); both render the
        // same component in the same place, so moving between them keeps the remote mounted.
        path: 'hiring',
        lazy: fromAdminArea('AdminFrame'),
        children: [
          { index: true, lazy: fromAdminArea('HiringPage') },
          { path: '*', lazy: fromAdminArea('HiringPage') },
        ],
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];
