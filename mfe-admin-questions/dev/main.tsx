// The standalone dev page (`npm run dev -w mfe-admin-questions`, http://localhost:3104/): the app on
// the in-memory fake API, at the path the shell mounts it under.
import { mountDevPage } from '@skillquiz/remote-kit/dev';
import AdminQuestionsApp from '../src/AdminQuestionsApp';
import { createFakeQuestionsApi } from './fakeQuestionsApi';

// Five a page, so the sample bank shows the pager too.
const api = createFakeQuestionsApi({ pageSize: 5 });

mountDevPage({
  remote: 'mfe-admin-questions',
  description: 'The questions admin remote: the questions list (with statistics) and the question editor.',
  layout: 'admin',
  routes: [{ path: 'admin/questions/*', element: <AdminQuestionsApp api={api} /> }],
  pages: [
    { label: 'Questions', to: '/admin/questions' },
    { label: 'With statistics', to: '/admin/questions?statistics=true&includeNonAdministered=true' },
    { label: 'Question 101: content', to: '/admin/questions/edit/101/?page=content' },
    { label: 'Question 101: preview', to: '/admin/questions/edit/101/?page=preview' },
    { label: 'Question 104: statistics', to: '/admin/questions/edit/104/?page=statistics' },
    { label: 'Question 107: variation', to: '/admin/questions/edit/107/?page=variation' },
    { label: 'New question', to: '/admin/questions/edit/new/?page=answers' },
    { label: 'Import (JSON)', to: '/admin/questions/import' },
  ],
});
