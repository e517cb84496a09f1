// The welcome and resume pages' loading screen (SPEC §2): 'Loading your exercise...' over the loading
// bar, then the page's own title and action once the bar has finished.
import type { ReactNode } from 'react';
import { useLoadingProgress } from '../hooks/loadingBar';
import { LoadingBar } from './LoadingBar';

export interface LoadingScreenProps {
  /** The quiz data has arrived: the bar may run past its pre-load cap. */
  loaded: boolean;
  /** The heading once loaded, e.g. 'Your exercise has finished loading!'. */
  loadedTitle: string;
  /** The progress bar's accessible name. */
  barLabel: string;
  /** Shown once loaded (the page's link). */
  children?: ReactNode;
}

export function LoadingScreen({ loaded, loadedTitle, barLabel, children }: LoadingScreenProps) {
  const { progress, complete } = useLoadingProgress(loaded);
  return (
    <section className="sq-card sq-center">
      <div aria-live="polite">
        <h1 className="sq-title">{complete ? loadedTitle : 'Loading your exercise...'}</h1>
      </div>
      <LoadingBar progress={progress} label={barLabel} />
      {complete && children}
    </section>
  );
}
