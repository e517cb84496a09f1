// The questions remote's routes as data, relative to the shell's /admin/questions/* mount (SPEC §2):
// the list, and edit/{id|new}/ with its tab in ?page=; import/.
import { Navigate, type RouteObject } from 'react-router-dom';
import { ImportPage } from './pages/ImportPage';
import { QuestionEditPage } from './pages/QuestionEditPage';
import { QuestionsListPage } from './pages/QuestionsListPage';

export const questionRoutes: RouteObject[] = [
  { index: true, element: <QuestionsListPage /> },
  { path: 'edit/:id', element: <QuestionEditPage /> },
  // Import (preview, confirm, commit), reached from the list.
  { path: 'import', element: <ImportPage /> },
  { path: '*', element: <Navigate to="/404" replace /> },
];
