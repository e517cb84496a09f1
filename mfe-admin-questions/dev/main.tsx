// The standalone dev page (`npm run dev -w mfe-admin-questions`, http://localhost:3104/): the app on
// the real services (started by the dev server, seeded, on a temporary data directory;
// libs/webpack-config proxies /api to them with a dev session), signed in as the content admin, at
// the path the shell mounts it under.
import { mountDevPage } from '@skillquiz/remote-kit/dev';
import AdminQuestionsApp from '../src/AdminQuestionsApp';

// The role the dev server's proxy signs /api requests in as (an admin page: the content admin).
document.cookie = 'skillquiz-dev-as=admin; path=/; samesite=lax';

mountDevPage({
  remote: 'mfe-admin-questions',
  description:
    'The questions admin remote on the real services (seeded), as the content admin: the questions list (with statistics), the question editor, import and export.',
  layout: 'admin',
  routes: [{ path: 'admin/questions/*', element: <AdminQuestionsApp /> }],
  pages: [
    { label: 'Questions', to: '/admin/questions' },
    { label: 'With statistics', to: '/admin/questions?statistics=true&includeNonAdministered=true' },
    { label: 'Question 1: content', to: '/admin/questions/edit/1/?page=content' },
    { label: 'Question 1: preview', to: '/admin/questions/edit/1/?page=preview' },
    { label: 'Question 1: statistics', to: '/admin/questions/edit/1/?page=statistics' },
    { label: 'New question', to: '/admin/questions/edit/new/?page=answers' },
    { label: 'Import', to: '/admin/questions/import' },
  ],
});
