// @skillquiz/contracts: one schema and one type for every SPEC §3 entity and §7 call.
export * from './constants';
export * from './base64';
export * from './entities';
export { newAtom } from './new-atom';
export * from './candidate';
export * from './admin';
export * from './remotes';
export * from './analytics';
export * from './live-remotes';
export * from './hiring';
export * from './hiring-invitations';
export * from './jobs';
export { servedOrder, NO_SHUFFLE, type Positioned, type RandomInt } from './questions';
export * from './content-io';
export * from './history';
export * from './review';
export * from './integrity';
