import { sessionDeadline, type SessionPolicy } from './session-store';

const policy: SessionPolicy = { idleMs: 60 * 60_000, absoluteMs: 8 * 3600_000, pendingMs: 10 * 60_000 };
const at = (iso: string) => Date.parse(iso);
const user = (signedInAt: string) => ({ sub: 's', email: 'a@b.c', name: null, groups: [], signedInAt });

describe('sessionDeadline', () => {
  it('ends a signed-in session an idle period after its last request', () => {
    const data = { user: user('2030-01-01T08:00:00Z'), lastSeenAt: at('2030-01-01T09:30:00Z') };
    expect(sessionDeadline(data, at('2030-01-01T09:31:00Z'), policy)).toBe(at('2030-01-01T10:30:00Z'));
  });

  it('ends it 8 hours after sign-in however active it is', () => {
    const data = { user: user('2030-01-01T08:00:00Z'), lastSeenAt: at('2030-01-01T15:45:00Z') };
    expect(sessionDeadline(data, at('2030-01-01T15:45:00Z'), policy)).toBe(at('2030-01-01T16:00:00Z'));
  });

  it('ends a pending sign-in 10 minutes after it started', () => {
    const data = {
      pendingLogin: { codeVerifier: 'v', state: 's', nonce: 'n', startedAt: at('2030-01-01T08:00:00Z') },
    };
    expect(sessionDeadline(data, at('2030-01-01T08:05:00Z'), policy)).toBe(at('2030-01-01T08:10:00Z'));
  });

  it('treats an unreadable sign-in time as now, never as "no limit"', () => {
    const now = at('2030-01-01T08:00:00Z');
    expect(sessionDeadline({ user: user('garbage'), lastSeenAt: now }, now, policy)).toBe(
      now + policy.idleMs,
    );
    expect(sessionDeadline({ user: user('garbage') }, now, { ...policy, idleMs: 10 * 3600_000 })).toBe(
      now + policy.absoluteMs,
    );
  });
});
