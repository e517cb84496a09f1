// Candidate-side settings the spec leaves open. One place, so they are easy to find and change.

/** Support address for the timer's screen-reader text and the quiz-expired screen. */
export const SUPPORT_EMAIL = 'support@skillquiz.example';

export const PRODUCT_NAME = 'SkillQuiz';

export const PRIVACY_POLICY_URL = 'https://skillquiz.example/privacy';
