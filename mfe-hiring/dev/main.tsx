// The standalone dev page (`npm run dev -w mfe-hiring`, http://localhost:3105/): the app on the real
// services (started by the dev server, seeded, on a temporary data directory; libs/webpack-config
// proxies /api to them), at the path the shell mounts it under. Signed in as Acme Robotics' recruiter;
// `?as=admin` on any page signs in as a content admin (every company, with the company switcher) and
// `?as=second-recruiter` as Initech's recruiter, until another `?as=` (a cookie the proxy reads).
import { mountDevPage } from '@skillquiz/remote-kit/dev';
import HiringApp from '../src/HiringApp';

const ROLES = ['recruiter', 'admin', 'second-recruiter'] as const;
const asked = new URLSearchParams(window.location.search).get('as');
if (asked && (ROLES as readonly string[]).includes(asked))
  document.cookie = `skillquiz-dev-as=${asked}; path=/; samesite=lax`;
const role = /(?:^|;\s*)skillquiz-dev-as=([a-z-]+)/.exec(document.cookie)?.[1] ?? 'recruiter';
const WHO: Record<string, string> = {
  recruiter: 'a recruiter of Acme Robotics',
  admin: 'a content admin',
  'second-recruiter': 'a recruiter of Initech',
};

mountDevPage({
  remote: 'mfe-hiring',
  backend: 'services',
  description: `The hiring remote on the real services (seeded): candidates, invitations, reports and the company settings, as ${WHO[role] ?? WHO.recruiter} (reload with ?as=recruiter, ?as=admin or ?as=second-recruiter to switch).`,
  layout: 'admin',
  routes: [{ path: 'hiring/*', element: <HiringApp /> }],
  pages: [
    { label: 'Candidates', to: '/hiring' },
    { label: 'Finished, by level', to: '/hiring?status=finished&sort=level_desc' },
    { label: 'Invite', to: '/hiring/invite' },
    { label: 'Report: not found', to: '/hiring/invitations/000000000000000000000000' },
    { label: 'Settings', to: '/hiring/settings' },
    { label: 'As a content admin', to: '/hiring?as=admin' },
  ],
});
