import { CONSTANTS, defaultErrorMessage } from './index';

describe('defaultErrorMessage (SPEC §8)', () => {
  it.each([
    [404, 'Not found'],
    [500, 'Internal server error'],
    [503, 'Internal server error'],
    [400, 'Bad Request'],
    [401, 'Bad Request'],
    [409, 'Bad Request'],
  ])('%d -> %s', (status, message) => {
    expect(defaultErrorMessage(status)).toBe(message);
  });
});

describe('CONSTANTS (SPEC §9)', () => {
  it('holds the spec values', () => {
    expect(CONSTANTS.QUIZ_EXPIRY_CHECK_INTERVAL_MS).toBe(10_000);
    expect(CONSTANTS.RESUME_THRESHOLD_MS).toBe(3_600_000);
    expect(CONSTANTS.DEBOUNCE_MS).toBe(500);
    expect(CONSTANTS.LOG_CHANNEL).toBe('question-log');
    expect(CONSTANTS.LOG_JOB_RETRIES).toBe(25);
    expect(CONSTANTS.DEMO_MODE_STORAGE_KEY).toBe('demoModeEnabled');
    expect(CONSTANTS.ALL_ATOMS_KEY).toBe('all');
  });
});
