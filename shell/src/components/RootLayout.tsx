// The frame around every page: the default page titles and the one toast container.
import { Outlet } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { useDefaultTitle } from '../hooks/useDefaultTitle';

export function RootLayout() {
  useDefaultTitle();
  return (
    <>
      <Outlet />
      <ToastContainer position="bottom-center" />
    </>
  );
}
