// The questions admin remote (exposed as mfe_admin_questions/AdminQuestionsApp), mounted by the shell
// at /admin/questions/* inside the admin frame's <main>: its routes (src/routes.tsx) over its
// QuestionsApi (default: HTTP to the services) and the admin query client, as every admin remote
// (remote-kit's createAdminRemote).
import { createAdminRemote } from '@skillquiz/remote-kit/admin';
import { QuestionsApiProvider } from './api/context';
import { httpQuestionsApi } from './api/questionsApi';
import { questionRoutes } from './routes';
import './styles.css';

const AdminQuestionsApp = createAdminRemote({
  api: { Provider: QuestionsApiProvider, http: httpQuestionsApi },
  routes: questionRoutes,
});
export default AdminQuestionsApp;
