// /quiz/*: the candidate remote renders every quiz page itself. The demo sidebar comes from another
// remote and is optional: when mfe_demo is down it renders nothing and the quiz carries on.
import type { DemoSidebarProps, QuizAppProps } from '@skillquiz/contracts';
import { loadRemoteComponent } from '../components/loadRemoteComponent';

export const DemoSidebar = loadRemoteComponent<DemoSidebarProps>('mfe_demo/DemoSidebar', { silent: true });
const QuizApp = loadRemoteComponent<QuizAppProps>('mfe_quiz/QuizApp', { asMain: true });

export function QuizPage() {
  return <QuizApp DemoSidebar={DemoSidebar} />;
}
