// The done page's sentences (SPEC §2) and its link rule, kept pure for tests.
export function completedText(firstAtomName: string | undefined): string {
  return `You've completed the ${firstAtomName ?? 'skills'} quiz`;
}

export function quizzesLeftText(requiredLeft: number): string {
  return `You have ${requiredLeft} more ${requiredLeft > 1 ? 'quizzes' : 'quiz'} to complete.`;
}

export function sharedText(companyName: string): string {
  return `We've shared your results with ${companyName}.`;
}

export function showMoreTitle(companyName: string): string {
  return `Show ${companyName} more of your skills!`;
}

export function moreQuizzesText(maxLeft: number): string {
  return maxLeft === 1 ? 'You can take one more quiz.' : `You can take up to ${maxLeft} more quizzes.`;
}

export const COME_BACK_NOTE =
  'You can also come back later to take it by using the link in your original email.';

/**
 * Where 'Take another quiz' leads, or null when there is no other quiz to take: the server answers
 * quiz_url = this quiz's done page when no other quiz of the invitation is open, and a link to the
 * page the candidate is on (or to any done page) is no "other quiz".
 */
export function otherQuizUrl(quizUrl: string | null | undefined, token: string): string | null {
  if (!quizUrl) return null;
  let path: string;
  try {
    path = new URL(quizUrl, 'http://relative.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return null;
  }
  const thisQuiz = `/quiz/${encodeURIComponent(token)}`;
  if (path === thisQuiz || path.startsWith(`${thisQuiz}/`) || /\/done$/.test(path)) return null;
  return quizUrl;
}
