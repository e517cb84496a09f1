// The quiz context: the quiz result for the token in the route, its reload, local updates made by
// the question flow, the SPEC §2 redirect rules, the demo-mode flags and the quiz-expired check.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { QuizResult } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { useQuizApi } from '../api/context';
import type { QuizApi } from '../api/quizApi';
import { parseQuizPage, redirectTarget } from './redirectRule';
import { isQuizExpired } from './time';

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
  const [envAllowed, setEnvAllowed] = useState(false);
  const [stored, setStored] = useState(readDemoFlag);
  // The flag in localStorage can outlive the sidebar (its remote down): demo mode counts as on only
  // while the sidebar, the one control that turns it off, is actually mounted.
  const [sidebarMounted, setSidebarMounted] = useState(false);
  useEffect(() => {
    if (!demoQuiz) return undefined;
    let live = true;
    // An env-vars failure leaves demo mode not allowed (SPEC §8).
    void api.envVars().then((r) => live && setEnvAllowed(r.success && r.data?.demoModeAllowed === true));
    return () => {
      live = false;
    };
  }, [api, demoQuiz]);
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

  const [result, setResult] = useState<QuizResult | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [held, setRedirectsHeld] = useState(false);
  const [gone, setGone] = useState(false);
  // Another token in the URL is another quiz: forget the last one's state while rendering (React's
  // "adjusting state when a prop changes"), before the effect below loads the new one.
  const [loadedToken, setLoadedToken] = useState(token);
  if (token !== loadedToken) {
    setLoadedToken(token);
    setResult(undefined);
    setGone(false);
  }
  const latestLoad = useRef(0);

  const reload = useCallback(async () => {
    const id = ++latestLoad.current;
    const r = await api.getQuiz(token);
    if (id !== latestLoad.current) return undefined; // a newer load won
    if (r.success) {
      setLoadError(null);
      setResult(r.data);
      return r.data;
    }
    if (r.status === 404) {
      // Unknown or malformed token: SPEC §8 sends it to /404.
      setLoadError(null);
      setResult(null);
      return null;
    }
    if (r.status === 410) {
      // The server says the quiz expired (abandoned or past its time): the expired screen.
      setLoadError(null);
      setGone(true);
      return undefined;
    }
    // 429, 5xx, network: retryable; whatever was loaded before stays.
    setLoadError(r.message);
    return undefined;
  }, [api, token]);

  useEffect(() => {
    // reload sets state only after its await, never synchronously in this effect; the rule does not
    // follow the async boundary of a callback it is handed.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  const update = useCallback((change: (r: QuizResult) => QuizResult) => {
    setResult((r) => (r ? change(r) : r));
  }, []);

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
