// The 2PL item response model in slope-intercept form.
// P(correct | theta) = 1 / (1 + e^-(a*theta + d)); d is an intercept, the usual difficulty is b = -d/a.

/** Item parameters as stored in a question's `difficulty_params`. */
export interface DifficultyParams {
  /** Discrimination (slope). */
  a: number;
  /** Intercept; difficulty b = -d / a. */
  d: number;
}

/** Throws a RangeError unless a and d are finite numbers (NaN would silently poison a posterior). */
export function assertParams(params: DifficultyParams): void {
  if (!params || !Number.isFinite(params.a) || !Number.isFinite(params.d)) {
    throw new RangeError(`difficulty params must have finite a and d, got ${JSON.stringify(params)}`);
  }
}

/** P(correct | theta) under the 2PL model. */
export function probabilityCorrect(params: DifficultyParams, theta: number): number {
  return 1 / (1 + Math.exp(-(params.a * theta + params.d)));
}

/** Fisher information of one item at theta: a^2 P (1 - P). */
export function itemInformation(params: DifficultyParams, theta: number): number {
  const p = 1 / (1 + Math.exp(-(params.a * theta + params.d)));
  return params.a * params.a * p * (1 - p);
}

/** Difficulty b = -d / a (the theta where P = 0.5). */
export function difficulty(params: DifficultyParams): number {
  return -params.d / params.a;
}

/**
 * log P(correct) for logit z, i.e. log(1 / (1 + e^-z)), without overflow or
 * cancellation for large |z| (log(1 - P) is logSigmoid(-z)).
 */
export function logSigmoid(z: number): number {
  return z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
}
