// The standalone dev page (`npm run dev -w mfe-demo`, http://localhost:3102/): the demo sidebar on
// sample quiz results (a quiz in progress with estimates, and one just started). It calls no backend,
// so there is no fake API: the quiz result is its input.
import { quizResultInProgress } from '@skillquiz/contracts/testing';
import { mountDevPage } from '@skillquiz/remote-kit/dev';
import { DemoPage } from './DemoPage';

const inProgress = quizResultInProgress();
const justStarted = quizResultInProgress({
  past_questions: inProgress.past_questions.filter((p) => p.number === 4),
  next_question: { number: 1, expires_at: inProgress.next_question!.expires_at },
});

mountDevPage({
  remote: 'mfe-demo',
  backend: 'none',
  description: 'The demo remote: the adaptability sidebar that mfe-quiz mounts in demo mode.',
  layout: 'page',
  routes: [
    { path: 'demo/in-progress', element: <DemoPage quizResult={inProgress} startOpen /> },
    { path: 'demo/just-started', element: <DemoPage quizResult={justStarted} startOpen /> },
    { path: 'demo/collapsed', element: <DemoPage quizResult={inProgress} startOpen={false} /> },
  ],
  pages: [
    { label: 'In progress (open)', to: '/demo/in-progress' },
    { label: 'Just started', to: '/demo/just-started' },
    { label: 'Collapsed', to: '/demo/collapsed' },
  ],
});
