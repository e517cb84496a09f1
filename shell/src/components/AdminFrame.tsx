// SPEC §2 admin frame: the top bar and the current-user check. While GET /me is pending nothing is
// rendered; when it fails the user is sent to /admin (the login page); once it succeeds the bar links
// to the areas the user's role may use (admins: Atoms, Questions, Candidates, Settings, Background
// jobs; recruiters: Candidates, Settings) and Logout. It frames /admin/* and /hiring/*.
import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import type { CurrentUser } from '@skillquiz/contracts';
import { fetchCurrentUser } from '../api/me';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useDevOutbox } from '../hooks/useDevOutbox';
import { PRODUCT_NAME } from '../constants';

export interface AdminOutletContext {
  /** The signed-in user, or null when GET /me failed. */
  user: CurrentUser | null;
}

const LOGIN_PATH = '/admin';
const isLoginPath = (pathname: string) => pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`;

export function AdminFrame({ loadUser = fetchCurrentUser }: { loadUser?: typeof fetchCurrentUser }) {
  const state = useCurrentUser(loadUser);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const devOutbox = useDevOutbox(state.status === 'signed-in');
  const onSettings = pathname === '/hiring/settings' || pathname.startsWith('/hiring/settings/');

  const mustSignIn = state.status === 'signed-out' && !isLoginPath(pathname);
  useEffect(() => {
    if (mustSignIn) navigate(LOGIN_PATH, { replace: true });
  }, [mustSignIn, navigate]);

  if (state.status === 'pending' || mustSignIn) return null;
  const user = state.status === 'signed-in' ? state.user : null;

  return (
    <div className="admin">
      {/* The one toast container of the product: every page that toasts is in this frame (a toast
          raised before it mounts is kept by react-toastify and shown once it does). */}
      <ToastContainer position="bottom-center" />
      <header className="admin-bar">
        <span className="admin-brand">
          <span className="admin-brand-name">{PRODUCT_NAME}</span>{' '}
          <span className="admin-brand-area">Admin</span>
        </span>
        {user && (
          <nav aria-label="Admin">
            <ul className="admin-links">
              {/* The content areas are for admins; a recruiter cannot use them. */}
              {user.isAdmin && (
                <>
                  <li>
                    <NavLink to="/admin/atoms">Atoms</NavLink>
                  </li>
                  <li>
                    <NavLink to="/admin/questions">Questions</NavLink>
                  </li>
                  <li>
                    <NavLink to="/admin/remotes">Live remotes</NavLink>
                  </li>
                </>
              )}
              {/* The hiring pages, for recruiters (their company) and admins (every company). */}
              <li>
                {/* Candidates is the current area on every hiring page but Settings, which has its own. */}
                <NavLink to="/hiring" end={onSettings}>
                  Candidates
                </NavLink>
              </li>
              <li>
                {/* The company's settings (webhook, email), for recruiters and admins. */}
                <NavLink to="/hiring/settings">Settings</NavLink>
              </li>
              {user.isAdmin && (
                <li>
                  {/* Served by the back end, not a client route. */}
                  <a href="/sidekiq">Background jobs</a>
                </li>
              )}
              {devOutbox && (
                <li>
                  {/* Development only: the emails the dev mail catcher kept (served by the back end). */}
                  <a href={devOutbox}>Dev outbox</a>
                </li>
              )}
              <li>
                <a href="/logout">Logout</a>
              </li>
            </ul>
          </nav>
        )}
      </header>
      <main className="admin-main">
        <Outlet context={{ user } satisfies AdminOutletContext} />
      </main>
    </div>
  );
}
