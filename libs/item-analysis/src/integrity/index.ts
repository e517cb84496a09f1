// Integrity statistics: the lognormal response-time model, per-candidate signals (pre-knowledge, rapid
// guesses, person misfit), effort-moderated scoring and compromised-question drift. Pure, no I/O.
export * from './lognormal';
export * from './signals';
export * from './drift';
