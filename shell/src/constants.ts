import { PRODUCT_NAME } from '@skillquiz/contracts/constants';

export { PRODUCT_NAME };
export const ADMIN_TITLE = `${PRODUCT_NAME} - Dashboard`;
/** Name of the central sign-on, shown on the login button ('Login with {provider}'). */
export const SIGN_ON_PROVIDER = `${PRODUCT_NAME} SSO`;
/** Where the not-found page sends people: the provider's site. */
export const PROVIDER_SITE_URL = '/';
export const UNAVAILABLE_MESSAGE = `This part of ${PRODUCT_NAME} is unavailable right now.`;
