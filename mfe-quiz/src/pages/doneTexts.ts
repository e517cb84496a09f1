// The done page's sentences (SPEC §2), kept pure for tests.
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

export const COME_BACK_NOTE = 'You can also come back later to take it by using the link in your original email.';
