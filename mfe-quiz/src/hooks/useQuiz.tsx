// The quiz context: the quiz result for the token in the route (the `quiz` query of
// src/api/queries.ts), its reload, local updates made by the question flow (written into that
// query's data), the SPEC §2 redirect rules, the demo-mode flags and the quiz-expired check.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { QuizResult } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { useQuizApi } from '../api/context';
import { QuizCallError, quizKeys, quizQueries } from '../api/queries';
import type { QuizApi } from '../api/quizApi';
import { parseQuizPage, redirectTarget } from '../model/redirectRule';
import { isQuizExpired } from '../model/time';

export interface QuizContextValue {
  token: string;
  /** Absolute path of the quiz, e.g. /quiz/{token}. */
  base: string;
  /** undefined while loading, null when there is no such quiz. */
  result: QuizResult | null | undefined;
  /** Set when loading failed in a way a retry may fix (rate limit, server error, network). */
  loadError: string | null;
  reload(): Promise<QuizResult | null | undefined>;
  /** Applies a local change (the question flow mirrors what the server did). */
  update(change: (result: QuizResult) => QuizResult): void;
  /** While true the redirect rules wait (the pass_243 skip is running). */
  setRedirectsHeld(held: boolean): void;
  expired: boolean;
  demoModeAllowed: boolean;
  /** The demo-mode flag (allowed and switched on); the sidebar shows it. */
  demoModeEnabled: boolean;
  /** Demo mode on and its sidebar on screen: only then does the question view label 'Correct'. */
  showCorrectAnswers: boolean;
  setDemoModeEnabled(enabled: boolean): void;
  /** The demo sidebar reports whether it is mounted (the shell's wrapper tells, see QuizApp). */
  setDemoSidebarMounted(mounted: boolean): void;
  href(subPath: string): string;
}

/** Exported for tests that render one page with a quiz of their own (no module replaced). */
export const QuizContext = createContext<QuizContextValue | null>(null);

export function useQuiz(): QuizContextValue {
  const value = useContext(QuizContext);
  if (!value) throw new Error('useQuiz must be used inside <QuizProvider>');
  return value;
}

function readDemoFlag(): boolean {
  try {
    return localStorage.getItem(CONSTANTS.DEMO_MODE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whole-quiz expiry: checked on load and every 10 s, and no more once expired. */
function useQuizExpired(result: QuizResult | null | undefined): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (expired || !result) return undefined;
    const check = () => {
      if (isQuizExpired(result, Date.now())) setExpired(true);
    };
    // The first check right after this commit, then every interval (state set from timers, not
    // synchronously in the effect, so a loaded result renders once before the expired screen).
    const first = setTimeout(check, 0);
    const id = setInterval(check, CONSTANTS.QUIZ_EXPIRY_CHECK_INTERVAL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [result, expired]);
  return expired;
}

/**
 * Demo mode (per invitation): allowed only for a quiz whose result says
 * `demo_mode_allowed` (a demo invitation while the server's DEMO_MODE_ALLOWED is set), and, as SPEC
 * §7 has it, while GET /api/env-vars agrees. Any other quiz never asks and never shows the sidebar,
 * whatever the server's flag.
 */
function useDemoMode(api: QuizApi, demoQuiz: boolean) {
  // An env-vars failure leaves demo mode not allowed (SPEC §8).
  const envAllowed = useQuery({ ...quizQueries(api).demoModeAllowed(), enabled: demoQuiz }).data === true;
  const [stored, setStored] = useState(readDemoFlag);
  // The flag in localStorage can outlive the sidebar (its remote down): demo mode counts as on only
  // while the sidebar, the one control that turns it off, is actually mounted.
  const [sidebarMounted, setSidebarMounted] = useState(false);
  const allowed = demoQuiz && envAllowed;
  const setEnabled = useCallback(
    (enabled: boolean) => {
      if (!allowed) return; // changeable only when the server allows demo mode
      try {
        localStorage.setItem(CONSTANTS.DEMO_MODE_STORAGE_KEY, String(enabled));
      } catch {
        // storage full or blocked: the toggle still works for this page
      }
      setStored(enabled);
    },
    [allowed],
  );
  const enabled = allowed && stored;
  return { allowed, enabled, showCorrect: enabled && sidebarMounted, setEnabled, setSidebarMounted };
}

export function QuizProvider({ children }: { children: ReactNode }) {
  const params = useParams();
  const token = params.token ?? '';
  const splat = params['*'] ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const api = useQuizApi();
  // The quiz's own base path, whatever the shell mounts QuizApp under.
  const base = useMemo(() => {
    const path = location.pathname.replace(/\/+$/, '');
    const rest = splat.replace(/\/+$/, '');
    return rest && path.endsWith(`/${rest}`) ? path.slice(0, -rest.length - 1) : path;
  }, [location.pathname, splat]);

  const queryClient = useQueryClient();
  // useQuery loads the quiz (on mount, for each token) and gives its refetch.
  const { refetch } = useQuery(quizQueries(api).quiz(token));
  // What the pages see is the query's state read straight from the cache, whose listeners are told at
  // once: the question flow goes on right after a write or a reload (it dispatches, it navigates) and
  // the redirect rule and the clock must already see the new result then, as with a setState.
  // useQuery's own result reaches React a tick later (its notifications are batched).
  const quizKey = quizKeys.quiz(token);
  const state = useSyncExternalStore(
    useCallback((onChange) => queryClient.getQueryCache().subscribe(onChange), [queryClient]),
    () => queryClient.getQueryState<QuizResult | null, Error>(quizKey),
  );
  // The result as last loaded (or mirrored by the question flow); a failed reload keeps it.
  const result = state?.data;
  const failure = state?.error instanceof QuizCallError ? state.error : null;
  // The server says the quiz expired (abandoned or past its time): the expired screen.
  const gone = failure?.status === 410;
  // 429, 5xx, network: retryable ("We couldn't load your quiz." with Retry); whatever was loaded stays.
  const loadError = failure && !gone ? failure.message : null;
  const [held, setRedirectsHeld] = useState(false);
  const latestLoad = useRef(0);

  /** Loads the quiz again: its result, null for an unknown token, undefined when it failed or a newer load won. */
  const reload = useCallback(async () => {
    const id = ++latestLoad.current;
    // A load still under way began before whatever this one is for (a send, the skip): dropped.
    await queryClient.cancelQueries({ queryKey: quizKeys.quiz(token) });
    const r = await refetch();
    if (id !== latestLoad.current) return undefined;
    return r.isSuccess ? r.data : undefined;
  }, [queryClient, refetch, token]);

  const update = useCallback(
    (change: (r: QuizResult) => QuizResult) => {
      queryClient.setQueryData<QuizResult | null>(quizKeys.quiz(token), (r) => (r ? change(r) : r));
    },
    [queryClient, token],
  );

  // SPEC §2 redirect rules: only when the current page is not on the allowed list.
  useEffect(() => {
    if (result === undefined || held) return;
    const target = redirectTarget(result, parseQuizPage(splat, location.search), Date.now());
    if (target === null) return;
    navigate(target === '/404' ? '/404' : target ? `${base}/${target}` : base, { replace: true });
  }, [result, held, splat, location.search, base, navigate]);

  const expired = useQuizExpired(result) || gone;
  const demo = useDemoMode(api, result?.demo_mode_allowed === true);
  const href = useCallback((sub: string) => (sub ? `${base}/${sub}` : base), [base]);

  const value: QuizContextValue = {
    token,
    base,
    result,
    loadError,
    reload,
    update,
    setRedirectsHeld,
    expired,
    demoModeAllowed: demo.allowed,
    demoModeEnabled: demo.enabled,
    showCorrectAnswers: demo.showCorrect,
    setDemoModeEnabled: demo.setEnabled,
    setDemoSidebarMounted: demo.setSidebarMounted,
    href,
  };
  return <QuizContext.Provider value={value}>{children}</QuizContext.Provider>;
}
