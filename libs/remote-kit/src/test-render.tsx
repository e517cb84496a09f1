// A remote's exposed app in an app test, mounted as the shell mounts it: under its route in a router
// (a memory one, starting at `path`), with the toast container the shell's page provides.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';

export function renderRemoteAt(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <>
      <RouterProvider router={router} />
      <ToastContainer />
    </>,
  );
  return { router };
}
