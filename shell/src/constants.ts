export const PRODUCT_NAME = 'SkillQuiz';
export const ADMIN_TITLE = `${PRODUCT_NAME} - Dashboard`;
/** Name of the central sign-on, shown on the login button ('Login with {provider}'). */
export const SIGN_ON_PROVIDER = 'SkillQuiz SSO';
/** Where the not-found page sends people: the provider's site. */
export const PROVIDER_SITE_URL = '/';
export const UNAVAILABLE_MESSAGE = 'This part of SkillQuiz is unavailable right now.';
