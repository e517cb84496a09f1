// The standalone dev page (`npm run dev -w mfe-admin-atoms`, http://localhost:3103/): the app on the
// in-memory fake API, at the path the shell mounts it under.
import { mountDevPage } from '@skillquiz/remote-kit/dev';
import AdminAtomsApp from '../src/AdminAtomsApp';
import { createFakeAtomsApi } from './fakeAtomsApi';

const api = createFakeAtomsApi();

mountDevPage({
  remote: 'mfe-admin-atoms',
  description: 'The atoms admin remote: the atoms list, the atom editor and the bank simulator.',
  layout: 'admin',
  routes: [{ path: 'admin/atoms/*', element: <AdminAtomsApp api={api} /> }],
  pages: [
    { label: 'Atoms', to: '/admin/atoms' },
    { label: 'JavaScript: general', to: '/admin/atoms/edit/javascript/general' },
    { label: 'JavaScript: beta questions', to: '/admin/atoms/edit/javascript/beta-questions' },
    { label: 'JavaScript: simulator', to: '/admin/atoms/edit/javascript/simulator' },
    { label: 'New atom', to: '/admin/atoms/edit/new/general' },
  ],
});
