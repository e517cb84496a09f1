// The page title the shell owns (SPEC): 'SkillQuiz', or 'SkillQuiz - Dashboard' under /admin and /hiring.
import { ADMIN_TITLE, PRODUCT_NAME } from '../constants';

const inArea = (pathname: string, area: string) => pathname === area || pathname.startsWith(`${area}/`);

export function defaultTitleFor(pathname: string): string {
  return inArea(pathname, '/admin') || inArea(pathname, '/hiring') ? ADMIN_TITLE : PRODUCT_NAME;
}
