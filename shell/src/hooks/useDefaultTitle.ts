// The page title the shell owns: 'SkillQuiz', or 'SkillQuiz - Dashboard' under /admin and /hiring.
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ADMIN_TITLE, PRODUCT_NAME } from '../constants';

const inArea = (pathname: string, area: string) => pathname === area || pathname.startsWith(`${area}/`);

export function defaultTitleFor(pathname: string): string {
  return inArea(pathname, '/admin') || inArea(pathname, '/hiring') ? ADMIN_TITLE : PRODUCT_NAME;
}

/**
 * Sets the default title on every navigation. A layout effect runs before every passive effect of the
 * same commit, so a page (a remote's useEffect setting 'Question 3') always wins over this default.
 */
export function useDefaultTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = defaultTitleFor(pathname);
  }, [pathname]);
}
