// Which company a recruiter's claims name under the configuration (pure; the sign-in itself is
// tested over HTTP in test/auth-signon.test.ts).
import { claimedCompanySlug } from './roles';

const rule = {
  companyGroupPrefix: 'company:',
  companyEmailDomains: new Map([['initech.example', 'initech']]),
};
const user = (email: string, groups: string[] = []) => ({ email, groups });

describe('claimedCompanySlug', () => {
  it('a company group names the company (prefix and case as configured, slug lowercased)', () => {
    expect(claimedCompanySlug(user('x@a.example', ['staff', 'company:Acme-Robotics']), rule)).toEqual({
      slug: 'acme-robotics',
    });
  });
  it('the email domain names the company when no group does', () => {
    expect(claimedCompanySlug(user('Rae@Initech.Example'), rule)).toEqual({ slug: 'initech' });
    expect(claimedCompanySlug(user('rae@sub.initech.example'), rule)).toHaveProperty('none');
  });
  it('a group wins over the email domain', () => {
    expect(claimedCompanySlug(user('rae@initech.example', ['company:acme']), rule)).toEqual({ slug: 'acme' });
  });
  it('groups naming two companies give no company: a recruiter has one', () => {
    expect(claimedCompanySlug(user('x@a.example', ['company:acme', 'company:globex']), rule)).toEqual({
      none: expect.stringMatching(/several companies \(acme, globex\)/),
    });
    // The same company twice is one company.
    expect(claimedCompanySlug(user('x@a.example', ['company:acme', 'company:ACME']), rule)).toEqual({
      slug: 'acme',
    });
  });
  it('with the group rule off (no prefix), groups name nothing', () => {
    const off = { ...rule, companyGroupPrefix: undefined };
    expect(claimedCompanySlug(user('x@a.example', ['company:acme']), off)).toHaveProperty('none');
  });
});
