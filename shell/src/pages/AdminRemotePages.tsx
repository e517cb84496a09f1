// /admin/atoms*, /admin/questions* and /hiring*: pages owned by the admin remotes,
// rendered inside the admin frame's <main>. While a remote is down they show the unavailable state.
import { useOutletContext } from 'react-router-dom';
import type { AdminAppProps } from '@skillquiz/contracts';
import { loadRemoteComponent } from '../components/loadRemoteComponent';
import type { AdminOutletContext } from '../components/AdminFrame';

const AdminAtomsApp = loadRemoteComponent<AdminAppProps>('mfe_admin_atoms/AdminAtomsApp');
const AdminQuestionsApp = loadRemoteComponent<AdminAppProps>('mfe_admin_questions/AdminQuestionsApp');
const HiringApp = loadRemoteComponent<AdminAppProps>('mfe_hiring/HiringApp');

export function AdminAtomsPage() {
  const { user } = useOutletContext<AdminOutletContext>();
  return <AdminAtomsApp user={user} />;
}

export function AdminQuestionsPage() {
  const { user } = useOutletContext<AdminOutletContext>();
  return <AdminQuestionsApp user={user} />;
}

/** The hiring pages (candidates, invite, reports), for recruiters and admins. */
export function HiringPage() {
  const { user } = useOutletContext<AdminOutletContext>();
  return <HiringApp user={user} />;
}
