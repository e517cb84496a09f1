// The frame around every page: the default page titles and the one toast container.
import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ADMIN_TITLE, PRODUCT_NAME } from '../constants';

export function defaultTitleFor(pathname: string): string {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? ADMIN_TITLE : PRODUCT_NAME;
}

export function RootLayout() {
  const { pathname } = useLocation();
  // A layout effect runs before every passive effect of the same commit, so a page (a remote's
  // useEffect setting 'Question 3') always wins over this default.
  useLayoutEffect(() => {
    document.title = defaultTitleFor(pathname);
  }, [pathname]);
  return (
    <>
      <Outlet />
      <ToastContainer position="bottom-center" />
    </>
  );
}
