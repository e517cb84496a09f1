// The standalone dev page of a remote: `dev/main.tsx` calls mountDevPage with the remote's app, on the
// real services the dev server started (or on no backend at all, mfe-demo). Only the dev server's
// second entry imports this (libs/webpack-config): it never reaches a production bundle.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { devRoutes, type DevPageOptions } from './DevFrame';

export {
  DevFrame,
  DevIndex,
  DevNotFound,
  devRoutes,
  type DevPageOptions,
  type DevSamplePage,
} from './DevFrame';

/** Renders the dev page into #root: a data router (as the shell's), so blockers and the like work. */
export function mountDevPage(options: DevPageOptions): void {
  const router = createBrowserRouter(devRoutes(options));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
