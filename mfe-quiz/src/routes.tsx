// The quiz remote's routes as data (relative to the shell's /quiz/* mount). Two levels: the quiz of a
// token (its provider loads it and applies SPEC §2's redirect rules), then its pages.
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import type { DemoSidebarProps, RemoteWrapperProps } from '@skillquiz/contracts';
import { CandidateLayout } from './components/CandidateLayout';
import { LoadErrorNotice } from './components/LoadErrorNotice';
import { QuizExpired } from './components/QuizExpired';
import { QuizWithdrawn } from './components/QuizWithdrawn';
import { abandonsOnClose, useAbandonOnClose } from './hooks/useAbandonOnClose';
import { parseQuizPage } from './model/redirectRule';
import { QuizProvider, useQuiz } from './hooks/useQuiz';
import { Spinner } from './components/Spinner';
import { loadDonePage } from './pages/lazyPages';
import { QuestionPage } from './pages/QuestionPage';
import { ResumePage } from './pages/ResumePage';
import { WelcomePage } from './pages/WelcomePage';

/** The shell's wrapper around mfe_demo/DemoSidebar: the remote's props plus the wrapper's own. */
export type DemoSidebarSlot = ComponentType<DemoSidebarProps & RemoteWrapperProps>;

// The done page (and its survey) is a chunk of its own: no candidate needs it before the first
// question is interactive, and the question page prefetches it when idle (SPEC §1's budget).
const DonePage = lazy(loadDonePage);

/** The pages of one quiz, relative to /quiz/:token. */
export const quizPageRoutes: RouteObject[] = [
  { index: true, element: <WelcomePage /> },
  { path: 'pass_243', element: <WelcomePage skipRoute /> },
  { path: 'question/:questionNumber', element: <QuestionPage /> },
  { path: 'resume', element: <ResumePage /> },
  {
    path: 'done',
    element: (
      <Suspense fallback={<Spinner label="Loading" />}>
        <DonePage />
      </Suspense>
    ),
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];

/** The app's routes: a token's quiz, else the shell's 404. */
export function appRoutes(DemoSidebar?: DemoSidebarSlot): RouteObject[] {
  return [
    {
      path: ':token/*',
      element: (
        <QuizProvider>
          <QuizScreens DemoSidebar={DemoSidebar} />
        </QuizProvider>
      ),
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

/** One quiz: the expired screen, the load error, or its pages; the demo sidebar beside them. */
function QuizScreens({ DemoSidebar }: { DemoSidebar?: DemoSidebarSlot }) {
  const quiz = useQuiz();
  const { token, result, expired, loadError, reload } = quiz;
  const onDonePage = parseQuizPage(useParams()['*'] ?? '').kind === 'done';
  useAbandonOnClose(token, abandonsOnClose(result, expired, onDonePage));
  const pages = useRoutes(quizPageRoutes);

  let content;
  if (expired && token && result?.withdrawn) {
    content = <QuizWithdrawn withdrawn={result.withdrawn} />;
  } else if (expired && token) {
    content = <QuizExpired />;
  } else if (loadError && !result) {
    content = <LoadErrorNotice message={loadError} onRetry={reload} banner={false} />;
  } else {
    content = pages;
  }

  return (
    <>
      <CandidateLayout result={result}>
        {/* A failed reload over a page already shown: the page stays, the notice sits above it. */}
        {loadError && result && !expired && <LoadErrorNotice message={loadError} onRetry={reload} banner />}
        {content}
      </CandidateLayout>
      {DemoSidebar && result && quiz.demoModeAllowed && (
        <DemoSidebar
          quizResult={result}
          demoModeEnabled={quiz.demoModeEnabled}
          setDemoModeEnabled={quiz.setDemoModeEnabled}
          onMountedChange={quiz.setDemoSidebarMounted}
        />
      )}
    </>
  );
}
