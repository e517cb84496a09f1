// Props of the modules the remotes expose, shared by the shell (which renders them) and the remotes
// (which implement them). Plain interfaces with no React import, so the contracts package stays
// framework-free; a front end narrows `unknown` component slots to React.ComponentType<...> itself.
import type { QuizResult } from './candidate';

/** Remote name -> URL of its mf-manifest.json: the body of GET /remotes.json. */
export type RemotesManifest = Record<string, string>;

// Exposed modules: mfe_quiz/QuizApp, mfe_demo/DemoSidebar, mfe_admin_atoms/AdminAtomsApp,
// mfe_admin_questions/AdminQuestionsApp, mfe_hiring/HiringApp. (Types only here: a value import of this package pulls zod
// into a front-end bundle.)

/** Props of the demo sidebar (`mfe_demo/DemoSidebar`). */
export interface DemoSidebarProps {
  /** The candidate's quiz result as the quiz API returns it. */
  quizResult: QuizResult;
  /** Demo mode on: the question view shows the 'Correct' label. */
  demoModeEnabled: boolean;
  setDemoModeEnabled: (enabled: boolean) => void;
}

/** Props the shell's remote wrapper takes for itself (never passed on to the remote). */
export interface RemoteWrapperProps {
  /**
   * Told true once the remote has rendered, false when it goes away (its render failed, or the
   * wrapper unmounted). Never called when the remote does not load: a page can keep a feature off
   * until the piece that controls it is really on screen (the quiz's demo mode and its sidebar).
   */
  onMountedChange?: (mounted: boolean) => void;
}

/** Props of the candidate quiz app (`mfe_quiz/QuizApp`), mounted by the shell at /quiz/*. */
export interface QuizAppProps {
  /**
   * A React component taking DemoSidebarProps. The shell loads it lazily from mfe_demo inside a
   * boundary that renders nothing when the demo remote is down, so the quiz keeps working. The
   * wrapper also takes RemoteWrapperProps (`onMountedChange`, called once the sidebar really rendered):
   * the quiz shows the 'Correct' label only then (a stored demo flag without its sidebar is off).
   */
  DemoSidebar?: unknown;
}

/**
 * Props of the admin remotes (`mfe_admin_atoms/AdminAtomsApp`, `mfe_admin_questions/AdminQuestionsApp`,
 * mounted under /admin; `mfe_hiring/HiringApp`, mounted at /hiring inside the same admin frame).
 */
export interface AdminAppProps {
  /** The signed-in admin (or recruiter, in the hiring remote) as GET /me returned it. */
  user?: unknown;
}
