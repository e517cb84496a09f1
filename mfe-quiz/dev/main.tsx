// The standalone dev page (`npm run dev -w mfe-quiz`, http://localhost:3101/): the candidate app on
// the in-memory fake API, at /quiz/* as the shell mounts it. The log queue and integrity tracking
// run for real (their calls land in the fake's `logged`).
import { mountDevPage } from '@skillquiz/remote-kit/dev';
import QuizApp from '../src/QuizApp';
import { createFakeQuizApi, SAMPLE_TOKENS as T } from './fakeQuizApi';

const api = createFakeQuizApi();

mountDevPage({
  remote: 'mfe-quiz',
  description: 'The candidate remote: welcome, question, resume, done and expired screens.',
  layout: 'page',
  routes: [{ path: 'quiz/*', element: <QuizApp api={api} /> }],
  pages: [
    { label: 'Welcome (new quiz)', to: `/quiz/${T.new}` },
    { label: 'Question with code (in progress)', to: `/quiz/${T.inProgress}/question/3` },
    { label: 'Resume', to: `/quiz/${T.inProgress}/resume` },
    { label: 'About to time out', to: `/quiz/${T.timingOut}/question/1` },
    { label: 'Done', to: `/quiz/${T.done}/done` },
    { label: 'Expired', to: `/quiz/${T.expired}` },
  ],
});
