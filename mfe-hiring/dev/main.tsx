// The standalone dev page (`npm run dev -w mfe-hiring`, http://localhost:3105/): the app on the
// in-memory fake API, at the path the shell mounts it under. `?as=admin` on any page signs in as a
// content admin (every company, with the company switcher) instead of Acme Robotics' recruiter;
// `?email=off` shows a server that sends no email (production without SMTP_URL).
import { mountDevPage } from '@skillquiz/remote-kit/dev';
import HiringApp from '../src/HiringApp';
import { createFakeHiringApi } from './fakeHiringApi';

const asAdmin = new URLSearchParams(window.location.search).get('as') === 'admin';
const noEmail = new URLSearchParams(window.location.search).get('email') === 'off';
const api = createFakeHiringApi({
  role: asAdmin ? 'admin' : 'recruiter',
  email: noEmail ? 'off' : 'dev-outbox',
});
const first = api.invitations()[0].id; // Ada Lovelace: finished, with integrity signals

mountDevPage({
  remote: 'mfe-hiring',
  description: `The hiring remote: candidates, invitations, reports and the company settings, as ${asAdmin ? 'a content admin' : 'a recruiter of Acme Robotics'} (reload with ?as=${asAdmin ? 'recruiter' : 'admin'} to switch).`,
  layout: 'admin',
  routes: [{ path: 'hiring/*', element: <HiringApp api={api} /> }],
  pages: [
    { label: 'Candidates', to: '/hiring' },
    { label: 'Finished, by level', to: '/hiring?status=finished&sort=level_desc' },
    { label: 'Invite', to: '/hiring/invite' },
    { label: 'Report: Ada Lovelace', to: `/hiring/invitations/${first}` },
    { label: 'Report: two atoms', to: `/hiring/invitations/${api.invitations()[1].id}` },
    { label: 'Report: not found', to: '/hiring/invitations/000000000000000000000000' },
    { label: 'Settings', to: '/hiring/settings' },
  ],
});
