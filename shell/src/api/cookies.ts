// One cookie reader for the front ends: the http-client's (it also echoes CSRF-TOKEN on writes).
export { readCookie } from '@skillquiz/http-client';
