// The standalone dev page (`npm run dev -w mfe-admin-atoms`, http://localhost:3103/): the app on the
// real services (started by the dev server, seeded, on a temporary data directory; libs/webpack-config
// proxies /api to them with a dev session), signed in as the content admin, at the path the shell
// mounts it under.
import { mountDevPage } from '@skillquiz/remote-kit/dev';
import AdminAtomsApp from '../src/AdminAtomsApp';

// The role the dev server's proxy signs /api requests in as (an admin page: the content admin).
document.cookie = 'skillquiz-dev-as=admin; path=/; samesite=lax';

mountDevPage({
  remote: 'mfe-admin-atoms',
  description:
    'The atoms admin remote on the real services (seeded), as the content admin: the atoms list, the atom editor and the bank simulator.',
  layout: 'admin',
  routes: [{ path: 'admin/atoms/*', element: <AdminAtomsApp /> }],
  pages: [
    { label: 'Atoms', to: '/admin/atoms' },
    { label: 'JavaScript: general', to: '/admin/atoms/edit/javascript/general' },
    { label: 'JavaScript: beta questions', to: '/admin/atoms/edit/javascript/beta-questions' },
    { label: 'JavaScript: simulator', to: '/admin/atoms/edit/javascript/simulator' },
    { label: 'New atom', to: '/admin/atoms/edit/new/general' },
  ],
});
