// What every remote needs at run time, written once. Small on purpose: the candidate remote's first
// page carries it. The standalone dev page frame is the separate entry `@skillquiz/remote-kit/dev`,
// which production bundles never import.
export { createApiContext, type ApiContext, type ApiProviderProps } from './apiContext';
