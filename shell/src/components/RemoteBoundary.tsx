// Contains a remote: while it loads, a small status; when it fails (the manifest, the entry, the chunk
// or its render), a contained message with a Retry that really loads it again. The rest of the shell
// keeps working. `silent` boundaries (optional pieces such as the demo sidebar) render nothing instead.
import { Component, Suspense, useLayoutEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { UNAVAILABLE_MESSAGE } from '../constants';

interface ErrorBoundaryProps {
  fallback: ReactNode;
  label: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // Visible to operators in the console; the user sees the contained fallback.
    console.error(`[shell] remote ${this.props.label} failed`, error, info.componentStack);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RemoteUnavailable({
  onRetry,
  focusRetry = false,
}: {
  onRetry: () => void;
  focusRetry?: boolean;
}) {
  const retryButton = useRef<HTMLButtonElement>(null);
  // After a failed retry the old button is gone; put keyboard focus back on the new one, in the same
  // commit that shows it (a passive effect would leave a moment with focus lost on <body>).
  useLayoutEffect(() => {
    if (focusRetry) retryButton.current?.focus();
  }, [focusRetry]);
  return (
    <div className="remote-unavailable" role="alert">
      <p>{UNAVAILABLE_MESSAGE}</p>
      <button ref={retryButton} type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function RemoteLoading() {
  return (
    <p className="remote-loading" role="status">
      Loading…
    </p>
  );
}

export interface RemoteBoundaryProps {
  /** Which remote module this is (for the console). */
  label: string;
  onRetry: () => void;
  /** How many retries came before; from the first retry on, a new failure takes focus. */
  attempt?: number;
  /** Render nothing at all while loading or when it fails. */
  silent?: boolean;
  /** Wrap the fallbacks in a <main> landmark (for remotes that render a whole page themselves). */
  asMain?: boolean;
  children: ReactNode;
}

export function RemoteBoundary({
  label,
  onRetry,
  attempt = 0,
  silent = false,
  asMain = false,
  children,
}: RemoteBoundaryProps) {
  const wrap = (node: ReactNode) => (asMain ? <main className="remote-fallback">{node}</main> : node);
  const failed = silent ? null : wrap(<RemoteUnavailable onRetry={onRetry} focusRetry={attempt > 0} />);
  const loading = silent ? null : wrap(<RemoteLoading />);
  return (
    // A new key per attempt resets the error boundary.
    <ErrorBoundary key={attempt} label={label} fallback={failed}>
      <Suspense fallback={loading}>{children}</Suspense>
    </ErrorBoundary>
  );
}
