// The quiz could not be loaded for a reason a retry may fix (rate limit, server error, network):
// a contained, announced message with a Retry. Over a page already shown it is a banner above it, so
// the page (and e.g. the answer the candidate chose) stays as it was.
import { useState } from 'react';

export function LoadErrorNotice({
  message,
  onRetry,
  banner,
}: {
  message: string;
  onRetry: () => Promise<unknown>;
  banner: boolean;
}) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <section
      className={banner ? 'sq-card sq-load-error sq-load-error--banner' : 'sq-card sq-center sq-load-error'}
      role="alert"
      aria-labelledby="sq-load-error-title"
    >
      <h2 id="sq-load-error-title" className="sq-load-error__title">
        We couldn't load your quiz.
      </h2>
      <p>{message}</p>
      <button type="button" className="sq-button" onClick={() => void retry()} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </button>
    </section>
  );
}
