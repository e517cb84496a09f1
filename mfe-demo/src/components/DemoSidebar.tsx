// The demo sidebar (exposed as mfe_demo/DemoSidebar; SPEC §2 "Demo sidebar", §4 "Demo mode").
// Collapsed it is a 'Demo Mode' button at the bottom left; expanded it is the 'Adaptability Data'
// panel. Expanded means demo mode is on: the button turns it on, the close arrow (or Escape) turns
// it off, so the panel, the stored flag and the quiz's 'Correct' label always agree.
import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { DemoSidebarProps } from '@skillquiz/contracts';
import { EstimatePlot } from './EstimatePlot';
import { QuestionCard } from './QuestionCard';
import { estimatePlots, questionViews } from '../hooks/model';
import './DemoSidebar.css';

export default function DemoSidebar({ quizResult, demoModeEnabled, setDemoModeEnabled }: DemoSidebarProps) {
  const headingId = useId();
  const views = useMemo(() => questionViews(quizResult), [quizResult]);
  const plots = useMemo(() => estimatePlots(views, quizResult), [views, quizResult]);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Focus follows the user's own open/close only, never a page load that restores demo mode.
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (demoModeEnabled ? closeButton : openButton).current?.focus();
  }, [demoModeEnabled]);

  const setOpen = (open: boolean) => {
    moveFocus.current = true;
    setDemoModeEnabled(open);
  };

  if (!demoModeEnabled) {
    return (
      <aside className="sqd-root" aria-label="Demo mode">
        <button
          ref={openButton}
          type="button"
          className="sqd-open"
          aria-expanded="false"
          onClick={() => setOpen(true)}
        >
          Demo Mode
        </button>
      </aside>
    );
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    // The keydown is delegated: Escape on any control inside the panel closes it. The aside itself
    // stays a landmark and never takes focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <aside
      className="sqd-root sqd-panel"
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      data-testid="demo-panel"
    >
      <header className="sqd-panel__header">
        <h2 id={headingId} className="sqd-panel__title">
          Adaptability Data
        </h2>
        <button
          ref={closeButton}
          type="button"
          className="sqd-close"
          aria-label="Close demo panel"
          aria-expanded="true"
          onClick={() => setOpen(false)}
        >
          <span aria-hidden="true">{'\u2190'}</span>
        </button>
      </header>
      <div className="sqd-panel__body">
        <p className="sqd-panel__intro">
          Demo mode is on: the correct answer is labelled on the question. Hover or focus a past question to
          read it.
        </p>
        {plots.map((plot) => (
          <EstimatePlot key={plot.atomId} plot={plot} showAtomName={plots.length > 1} />
        ))}
        {views.length === 0 ? (
          <p className="sqd-panel__empty">No questions with difficulty data yet.</p>
        ) : (
          <section aria-label="Questions, latest first">
            {views.map((view) => (
              <QuestionCard key={view.number} view={view} />
            ))}
          </section>
        )}
      </div>
    </aside>
  );
}
