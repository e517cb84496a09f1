// The frame of a remote's standalone dev page (`npm run dev -w <remote>`, http://localhost:<port>/):
// a thin bar that says this is the remote alone (on the real services), links to its sample pages, and the
// remote's own routes below at the paths the shell mounts them under, so links inside the remote work
// as in the product. The toast container and the base look stand in for the shell's.
import { useEffect, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import '../base.css';
import './dev-frame.css';

export interface DevSamplePage {
  /** What the page shows, e.g. 'Question 12 with a code block'. */
  label: string;
  /** Where it lives (the product's path), e.g. '/admin/questions/edit/12/?page=content'. */
  to: string;
}

export interface DevPageOptions {
  /** The package, e.g. 'mfe-admin-questions'. */
  remote: string;
  /**
   * What answers /api: the real services the dev server started (createConfig({ devServices }), the
   * default), or nothing ('none': a remote that calls no backend, mfe-demo).
   */
  backend?: 'services' | 'none';
  /** One line under the title on the index page. */
  description: string;
  /** The remote's app mounted at the product's paths, e.g. `{ path: '/admin/questions/*', element: <App /> }`. */
  routes: RouteObject[];
  /** Sample pages, listed on the index page and in the bar. */
  pages: readonly DevSamplePage[];
  /**
   * 'admin' wraps the pages like the shell's admin frame (a padded <main>); 'page' leaves the page
   * to the remote, which brings its own layout (the candidate pages) or landmark (the demo sidebar).
   */
  layout: 'admin' | 'page';
}

/** The shell's default title, which a remote's own title (e.g. 'Question 3') overrides. */
function useDevTitle(remote: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${remote} (dev)`;
  }, [remote, pathname]);
}

export function DevFrame({ options }: { options: DevPageOptions }) {
  useDevTitle(options.remote);
  const content: ReactNode = <Outlet />;
  return (
    <>
      <header className="sq-dev-bar">
        <span className="sq-dev-bar__title">
          <Link to="/">{options.remote}</Link>{' '}
          <span className="sq-dev-bar__tag">
            standalone · {options.backend === 'none' ? 'no backend' : 'real services'}
          </span>
        </span>
        <nav aria-label="Sample pages">
          <ul className="sq-dev-bar__links">
            {options.pages.map((p) => (
              <li key={p.to}>
                <NavLink to={p.to} end>
                  {p.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {options.layout === 'admin' ? <main className="sq-dev-main">{content}</main> : content}
      <ToastContainer position="bottom-center" />
    </>
  );
}

export function DevIndex({ options }: { options: DevPageOptions }) {
  return (
    <main className="sq-dev-main sq-dev-index">
      <h1>{options.remote}</h1>
      <p>{options.description}</p>
      <p>
        {options.backend === 'none' ? (
          <>This remote calls no backend: its pages show the sample data they are given.</>
        ) : (
          <>
            Every call goes to the real services the dev server started (seeded, on a temporary data directory
            removed when it stops).
          </>
        )}{' '}
        The same dev server also serves <code>remoteEntry.js</code> and <code>mf-manifest.json</code> for the
        running product (root README, &quot;Working on one remote&quot;).
      </p>
      <h2>Sample pages</h2>
      <ul>
        {options.pages.map((p) => (
          <li key={p.to}>
            <Link to={p.to}>{p.label}</Link> <code>{p.to}</code>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function DevNotFound() {
  const { pathname } = useLocation();
  return (
    <main className="sq-dev-main">
      <h1>Not found</h1>
      <p>
        <code>{pathname}</code> is not a page of this remote (in the product, the shell&apos;s 404 page).{' '}
        <Link to="/">Back to the sample pages</Link>
      </p>
    </main>
  );
}

/** The router's routes: the frame around the index, the remote's routes and a 404. */
export function devRoutes(options: DevPageOptions): RouteObject[] {
  return [
    {
      path: '/',
      element: <DevFrame options={options} />,
      children: [
        { index: true, element: <DevIndex options={options} /> },
        ...options.routes,
        { path: '*', element: <DevNotFound /> },
      ],
    },
  ];
}
