import { isAdmin } from './admin';

describe('isAdmin', () => {
  const rule = { adminEmails: ['boss@example.com'], adminGroup: 'quiz-admins' };

  it.each([
    ['an allowlisted email', { email: 'boss@example.com', groups: [] }, true],
    ['an allowlisted email in another case, with spaces', { email: '  Boss@Example.COM ', groups: [] }, true],
    ['a member of the admin group', { email: 'someone@example.com', groups: ['staff', 'quiz-admins'] }, true],
    ['neither', { email: 'someone@example.com', groups: ['staff'] }, false],
    [
      'a group that only contains the admin group name',
      { email: 'x@example.com', groups: ['quiz-admins-readonly'] },
      false,
    ],
  ])('%s → %s', (_name, user, expected) => {
    expect(isAdmin(user, rule)).toBe(expected);
  });

  it('has no group rule when ADMIN_GROUP is unset', () => {
    expect(
      isAdmin(
        { email: 'x@example.com', groups: ['quiz-admins'] },
        { adminEmails: [], adminGroup: undefined },
      ),
    ).toBe(false);
  });

  it('an empty email never matches', () => {
    expect(isAdmin({ email: '', groups: [] }, { adminEmails: [''], adminGroup: undefined })).toBe(false);
  });
});
