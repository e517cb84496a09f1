// The atoms admin remote (exposed as mfe_admin_atoms/AdminAtomsApp), mounted by the shell at
// /admin/atoms/* inside the admin frame's <main>: its routes (src/routes.tsx) over its AtomsApi
// (default: HTTP to the services) and the admin query client, as every admin remote (remote-kit's
// createAdminRemote).
import { createAdminRemote } from '@skillquiz/remote-kit/admin';
import { AtomsApiProvider } from './api/context';
import { httpAtomsApi } from './api/atomsApi';
import { atomRoutes } from './routes';
import './styles.css';

const AdminAtomsApp = createAdminRemote({
  api: { Provider: AtomsApiProvider, http: httpAtomsApi },
  routes: atomRoutes,
});
export default AdminAtomsApp;
