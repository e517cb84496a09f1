// The candidate quiz remote (exposed as mfe_quiz/QuizApp), mounted by the shell at /quiz/*.
// Routes are relative to that mount: :token, :token/question/:questionNumber, :token/resume,
// :token/done, :token/pass_243; anything else goes to /404.
import { type ComponentType } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { DemoSidebarProps, QuizAppProps, RemoteWrapperProps } from '@skillquiz/contracts';
import { CandidateLayout } from './components/CandidateLayout';
import { LoadErrorNotice } from './components/LoadErrorNotice';
import { QuizExpired } from './components/QuizExpired';
import { abandonsOnClose, useAbandonOnClose } from './hooks/useAbandonOnClose';
import { parseQuizPage } from './hooks/redirectRule';
import { QuizProvider, useQuiz } from './hooks/useQuiz';
import { DonePage } from './pages/DonePage';
import { QuestionPage } from './pages/QuestionPage';
import { ResumePage } from './pages/ResumePage';
import { WelcomePage } from './pages/WelcomePage';
import './styles.css';

/** The shell's wrapper around mfe_demo/DemoSidebar: the remote's props plus the wrapper's own. */
type DemoSidebarSlot = ComponentType<DemoSidebarProps & RemoteWrapperProps>;

function QuizScreens({ DemoSidebar }: { DemoSidebar?: DemoSidebarSlot }) {
  const quiz = useQuiz();
  const { token, result, expired, loadError, reload } = quiz;
  const onDonePage = parseQuizPage(useParams()['*'] ?? '').kind === 'done';
  useAbandonOnClose(token, abandonsOnClose(result, expired, onDonePage));

  let content;
  if (expired && token) {
    content = <QuizExpired />;
  } else if (loadError && !result) {
    content = <LoadErrorNotice message={loadError} onRetry={reload} banner={false} />;
  } else {
    content = (
      <Routes>
        <Route index element={<WelcomePage />} />
        <Route path="pass_243" element={<WelcomePage skipRoute />} />
        <Route path="question/:questionNumber" element={<QuestionPage />} />
        <Route path="resume" element={<ResumePage />} />
        <Route path="done" element={<DonePage />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    );
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

export default function QuizApp(props: QuizAppProps) {
  const DemoSidebar = props.DemoSidebar as DemoSidebarSlot | undefined;
  return (
    <Routes>
      <Route
        path=":token/*"
        element={
          <QuizProvider>
            <QuizScreens DemoSidebar={DemoSidebar} />
          </QuizProvider>
        }
      />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
