// SPEC §4: closing or unloading the page while a quiz is in progress makes an abandon call. The
// server records it as a pending leave that a return within its grace clears, so a closed and
// reopened tab still resumes.
import { useEffect, useEffectEvent } from 'react';
import type { QuizResult } from '@skillquiz/contracts';
import { useQuizApi } from '../api/context';

/**
 * Whether closing the page now would abandon something: only a started quiz that is neither finished
 * nor expired, and not from the done page. A quiz still on its welcome page was never started, so
 * closing it leaves nothing to abandon (the invitation link must keep working).
 */
export function abandonsOnClose(
  result: QuizResult | null | undefined,
  expired: boolean,
  onDonePage: boolean,
): boolean {
  return Boolean(result && result.started_at && !result.finished_at && !expired && !onDonePage);
}

/**
 * `active` is read when the page goes away, so it may change freely (e.g. false on the done page or
 * once the quiz is finished or expired).
 */
export function useAbandonOnClose(token: string, active: boolean): void {
  const isActive = useEffectEvent(() => active);
  const api = useQuizApi();
  useEffect(() => {
    if (!token) return undefined;
    let sent = false;
    const leave = () => {
      if (sent || !isActive()) return;
      sent = api.abandonOnUnload(token);
    };
    // A page kept in the back/forward cache is not closed; when it comes back it may leave again.
    const onPageHide = (e: PageTransitionEvent) => {
      if (!e.persisted) leave();
    };
    const onPageShow = () => {
      sent = false;
    };
    // beforeunload only where pagehide does not exist: the question page's leave guard can cancel an
    // unload, and a pending leave recorded for a page that stayed would abandon the quiz later.
    const hasPageHide = 'onpagehide' in window;
    if (hasPageHide) {
      window.addEventListener('pagehide', onPageHide);
      window.addEventListener('pageshow', onPageShow);
    } else {
      window.addEventListener('beforeunload', leave);
    }
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('beforeunload', leave);
    };
  }, [token, api]);
}
