import { PRODUCT_NAME, PROVIDER_SITE_URL } from '../constants';

/** /404: where an unknown token, quiz or question leads. */
export function NotFoundPage() {
  return (
    <main className="message-page">
      <h1>Woah! How did you get here?</h1>
      <p>This page doesn't exist.</p>
      <p>
        <a href={PROVIDER_SITE_URL}>Back to {PRODUCT_NAME}</a>
      </p>
    </main>
  );
}
