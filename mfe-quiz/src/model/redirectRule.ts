// SPEC §2 "Redirect rules for a quiz result", as one pure function so it can be tested alone.
// Paths here are relative to the quiz base (/quiz/{token}); '/404' is the one absolute target.
import type { QuizResult } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';

export type QuizPage =
  | { kind: 'start' }
  | { kind: 'skip' }
  | { kind: 'question'; number: number; fromResume: boolean }
  | { kind: 'resume' }
  | { kind: 'done' }
  | { kind: 'other' };

/** Reads the page from the path below /quiz/{token} ('', 'question/3', 'resume', ...) and the query. */
export function parseQuizPage(subPath: string, search = ''): QuizPage {
  const parts = subPath.split('/').filter(Boolean);
  if (parts.length === 0) return { kind: 'start' };
  if (parts.length === 1 && parts[0] === 'pass_243') return { kind: 'skip' };
  if (parts.length === 1 && parts[0] === 'resume') return { kind: 'resume' };
  if (parts.length === 1 && parts[0] === 'done') return { kind: 'done' };
  if (parts.length === 2 && parts[0] === 'question' && /^[1-9][0-9]*$/.test(parts[1])) {
    const fromResume = new URLSearchParams(search).get('from_resume') === 'true';
    return { kind: 'question', number: Number(parts[1]), fromResume };
  }
  return { kind: 'other' };
}

export interface RedirectDecision {
  /** Pages the candidate may be on right now. */
  allowed: QuizPage['kind'][] | 'any';
  /** Where to go when the current page is not allowed: a sub-path ('' = start) or '/404'. */
  target: string;
  /** For question pages: the one question number that is allowed. */
  questionNumber?: number;
  /** When set, a question page is allowed only when entered from the resume page. */
  questionNeedsFromResume?: boolean;
}

/** Whether a question's deadline passed more than the resume threshold (1 hour) ago. */
export function isLongExpired(expiresAt: string | null | undefined, now: number): boolean {
  if (!expiresAt) return false;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && now - at > CONSTANTS.RESUME_THRESHOLD_MS;
}

export function decideRedirect(result: QuizResult | null, now: number): RedirectDecision {
  if (!result) return { allowed: [], target: '/404' };
  // Nothing to serve yet: only the welcome page, which says so (never a question that cannot load).
  if (result.unavailable && !result.started_at && !result.finished_at)
    return { allowed: ['start'], target: '' };
  // Finished first: a quiz finished by the skip call may never have recorded a start.
  if (result.finished_at) return { allowed: ['done'], target: 'done' };
  // Not started: the start page (plain or with the skip) or question 1.
  if (!result.started_at) return { allowed: ['start', 'skip', 'question'], questionNumber: 1, target: '' };
  const next = result.next_question;
  if (!next) return { allowed: ['done'], target: 'done' };
  const page = `question/${next.number}`;
  // The resume page is always a valid way back in; it links to the question with from_resume=true.
  if (isLongExpired(next.expires_at, now)) {
    return {
      allowed: ['resume', 'question'],
      questionNumber: next.number,
      questionNeedsFromResume: true,
      target: 'resume',
    };
  }
  return { allowed: ['question', 'resume'], questionNumber: next.number, target: page };
}

export function isAllowed(decision: RedirectDecision, page: QuizPage): boolean {
  if (decision.allowed === 'any') return true;
  if (!decision.allowed.includes(page.kind)) return false;
  if (page.kind === 'question') {
    if (decision.questionNumber !== undefined && page.number !== decision.questionNumber) return false;
    if (decision.questionNeedsFromResume && !page.fromResume) return false;
  }
  return true;
}

/** The sub-path to redirect to, or null to stay (a redirect happens only off the allowed list). */
export function redirectTarget(result: QuizResult | null, page: QuizPage, now: number): string | null {
  const decision = decideRedirect(result, now);
  return isAllowed(decision, page) ? null : decision.target;
}
