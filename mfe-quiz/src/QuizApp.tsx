// The candidate quiz remote (exposed as mfe_quiz/QuizApp), mounted by the shell at /quiz/*.
// Routes are relative to that mount (src/routes.tsx): :token, :token/question/:questionNumber,
// :token/resume, :token/done, :token/pass_243; anything else goes to /404.
// Its backend is the `api` prop (default: HTTP to the services), handed to every page through
// context; its data goes through a TanStack Query client of its own (src/api/queries.ts), one per mount.
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useRoutes } from 'react-router-dom';
import type { QuizAppProps } from '@skillquiz/contracts';
import { QuizApiProvider } from './api/context';
import { createQuizQueryClient } from './api/queries';
import { httpQuizApi, type QuizApi } from './api/quizApi';
import { appRoutes, type DemoSidebarSlot } from './routes';
import { TrackingContext, type QuizTracking } from './tracking/context';
import { watchDevtoolsWithDetector, type WatchDevtools } from './tracking/devtools';
import { createQuestionLog } from './tracking/questionLog';
import './styles.css';

export type { DemoSidebarSlot } from './routes';

export interface QuizAppOwnProps extends QuizAppProps {
  /** The backend (default: httpQuizApi, HTTP to the services; the app tests use it too). */
  api?: QuizApi;
  /**
   * The developer-tools sensor of the integrity events (default: devtools-detector, loaded lazily).
   * Not a backend call: tests pass `watchNoDevtools`, since the detector polls the console.
   */
  watchDevtools?: WatchDevtools;
}

export default function QuizApp({
  api = httpQuizApi,
  watchDevtools = watchDevtoolsWithDetector,
  DemoSidebar,
}: QuizAppOwnProps) {
  // One log queue per app and backend; closed when the app goes away (opened again on next use).
  const tracking = useMemo<QuizTracking>(
    () => ({ log: createQuestionLog(api), watchDevtools }),
    [api, watchDevtools],
  );
  useEffect(() => {
    // What is waiting goes out at once when the page is hidden or closed.
    const stopFlushing = tracking.log.flushOnLeave();
    return () => {
      stopFlushing();
      tracking.log.close();
    };
  }, [tracking]);
  // The quiz's own client (its retry and refetch rules, createQuizQueryClient), not the shell's:
  // nothing of the quiz is cached across mounts.
  const [queryClient] = useState(createQuizQueryClient);
  const routes = useRoutes(appRoutes(DemoSidebar as DemoSidebarSlot | undefined));
  return (
    <QueryClientProvider client={queryClient}>
      <QuizApiProvider api={api}>
        <TrackingContext.Provider value={tracking}>{routes}</TrackingContext.Provider>
      </QuizApiProvider>
    </QueryClientProvider>
  );
}
