// /admin/atoms* and /admin/questions*: pages owned by the admin remotes, rendered inside the admin
// frame's <main>. Until those remotes exist they show the unavailable state.
import { useOutletContext } from 'react-router-dom';
import type { AdminAppProps } from '@skillquiz/contracts';
import { loadRemoteComponent } from '../components/loadRemoteComponent';
import type { AdminOutletContext } from '../components/AdminFrame';

const AdminAtomsApp = loadRemoteComponent<AdminAppProps>('mfe_admin_atoms/AdminAtomsApp');
const AdminQuestionsApp = loadRemoteComponent<AdminAppProps>('mfe_admin_questions/AdminQuestionsApp');

export function AdminAtomsPage() {
  const { user } = useOutletContext<AdminOutletContext>();
  return <AdminAtomsApp user={user} />;
}

export function AdminQuestionsPage() {
  const { user } = useOutletContext<AdminOutletContext>();
  return <AdminQuestionsApp user={user} />;
}
