// The event calls' rate-limit hook runs only for tokens that name a quiz.
import { UnknownTokenError, logQuestionEvent, recordTrackingEvent, type QuizDeps } from './service';
import type { QuizStore } from './store-types';

const config = {
  demoModeAllowed: false,
  quizExpiryHours: 72,
  abandonGraceMinutes: 120,
  supportEmail: 'help@example.test',
};

describe('event writes and the per-token rate limit', () => {
  it('an unknown token is 404 without taking a rate-limit entry', async () => {
    const admitEvent = jest.fn();
    const store = { loadByToken: async () => null } as unknown as QuizStore;
    const deps: QuizDeps = { store, config, admitEvent };
    await expect(logQuestionEvent(deps, 'nope', 1, { eventName: 'x' })).rejects.toBeInstanceOf(
      UnknownTokenError,
    );
    await expect(
      recordTrackingEvent(deps, 'nope', { token: 'nope', questionId: 1, event: 0 }),
    ).rejects.toBeInstanceOf(UnknownTokenError);
    expect(admitEvent).not.toHaveBeenCalled();
  });
});
