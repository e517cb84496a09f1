// The candidate quiz remote (exposed as mfe_quiz/QuizApp), mounted by the shell at /quiz/*.
// Routes are relative to that mount: :token, :token/question/:questionNumber, :token/resume,
// :token/done, :token/pass_243; anything else goes to /404.
import { useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { DemoSidebarProps, QuizAppProps } from '@skillquiz/contracts';
import { abandonBeacon } from './api/quizApi';
import { CandidateLayout } from './components/CandidateLayout';
import { QuizExpired } from './components/QuizExpired';
import { ABANDON_ON_PAGE_CLOSE } from './config';
import { QuizProvider, useQuiz } from './hooks/useQuiz';
import { DonePage } from './pages/DonePage';
import { QuestionPage } from './pages/QuestionPage';
import { ResumePage } from './pages/ResumePage';
import { WelcomePage } from './pages/WelcomePage';
import './styles.css';

/** SPEC §4 abandon on page close, behind the decision switch in config.ts. */
function useAbandonOnClose(token: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !token) return undefined;
    const onPageHide = (e: PageTransitionEvent) => {
      if (!e.persisted) abandonBeacon(token); // a page kept in the back/forward cache is not closed
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [token, enabled]);
}

function QuizScreens({ DemoSidebar }: { DemoSidebar?: ComponentType<DemoSidebarProps> }) {
  const quiz = useQuiz();
  const { token, result, expired, loadError, reload } = quiz;
  useAbandonOnClose(token, ABANDON_ON_PAGE_CLOSE && Boolean(result && !result.finished_at && !expired));

  let content;
  if (expired && token) {
    content = <QuizExpired />;
  } else if (loadError) {
    content = (
      <section className="sq-card sq-center">
        <h1 className="sq-title">We could not load your quiz.</h1>
        <p>{loadError}</p>
        <button type="button" className="sq-button" onClick={() => void reload()}>
          Try again
        </button>
      </section>
    );
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
      <CandidateLayout result={result}>{content}</CandidateLayout>
      {DemoSidebar && result && quiz.demoModeAllowed && (
        <DemoSidebar
          quizResult={result}
          currentQuestionNumber={quiz.currentQuestionNumber}
          demoModeEnabled={quiz.demoModeEnabled}
          setDemoModeEnabled={quiz.setDemoModeEnabled}
        />
      )}
    </>
  );
}

export default function QuizApp(props: QuizAppProps) {
  const DemoSidebar = props.DemoSidebar as ComponentType<DemoSidebarProps> | undefined;
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
