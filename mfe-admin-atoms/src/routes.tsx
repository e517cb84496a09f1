// The atoms remote's routes as data, relative to the shell's /admin/atoms/* mount (SPEC §2): the
// list, edit/{id|new} (to its general page) and edit/{id|new}/{page}.
import { Navigate, type RouteObject } from 'react-router-dom';
import { AtomEditPage } from './pages/AtomEditPage';
import { AtomsListPage } from './pages/AtomsListPage';

export const atomRoutes: RouteObject[] = [
  { index: true, element: <AtomsListPage /> },
  { path: 'edit/:id', element: <Navigate to="general" replace /> },
  { path: 'edit/:id/:page', element: <AtomEditPage /> },
  { path: '*', element: <Navigate to="/404" replace /> },
];
