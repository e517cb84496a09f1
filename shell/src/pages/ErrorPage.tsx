import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PRODUCT_NAME, PROVIDER_SITE_URL } from '../constants';

/**
 * Any path the shell does not know, and the router's errorElement when a page throws.
 * `embedded` renders it inside a frame that already has the <main> landmark (the admin frame).
 */
export function ErrorPage({ embedded = false }: { embedded?: boolean }) {
  const error = useRouteError();
  if (error && !isRouteErrorResponse(error)) console.error('[shell] route error', error);
  const content = (
    <>
      <h1>Something went wrong</h1>
      <p>Sorry, this page can't be shown. Check the address, or try again later.</p>
      <p>
        <a href={PROVIDER_SITE_URL}>Back to {PRODUCT_NAME}</a>
      </p>
    </>
  );
  return embedded ? (
    <section className="message-page">{content}</section>
  ) : (
    <main className="message-page">{content}</main>
  );
}
