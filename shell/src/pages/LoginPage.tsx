// /admin: the login form (posts to the central sign-on with the CSRF token), hidden for signed-in
// admins and recruiters (GET /me answers 200 for both).
import { useOutletContext } from 'react-router-dom';
import { CSRF_COOKIE, readCookie } from '@skillquiz/http-client';
import { PRODUCT_NAME, SIGN_ON_PROVIDER } from '../constants';
import type { AdminOutletContext } from '../components/AdminFrame';

export function LoginPage() {
  const { user } = useOutletContext<AdminOutletContext>();
  if (user) {
    return (
      <section className="admin-home" aria-labelledby="admin-home-title">
        <h1 id="admin-home-title">Dashboard</h1>
        <p>
          Signed in as {user.name || user.email}
          {user.isAdmin
            ? '. Choose Atoms, Questions or Candidates above.'
            : user.company
              ? ` (${user.company.name}). Choose Candidates above.`
              : '.'}
        </p>
      </section>
    );
  }
  return (
    <section className="login" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <p>The admin area is for {PRODUCT_NAME} staff.</p>
      <form method="post" action="/auth/central">
        <input type="hidden" name="authenticity_token" value={readCookie(CSRF_COOKIE)} />
        <button type="submit" className="button">
          Login with {SIGN_ON_PROVIDER}
        </button>
      </form>
    </section>
  );
}
