/**
 * @skillquiz/adaptive: a pure IRT engine (2PL, EAP on a grid, item selection, levels, demo curves).
 * No I/O and no dependencies; see README.md for the rules behind each function.
 */
export * from './model';
export * from './rng';
export * from './posterior';
export * from './levels';
export * from './selection';
export * from './demo';
export * from './decisions';
