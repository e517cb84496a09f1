import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoCompany, secondCompany } from './content';
import {
  DEV_ADMIN_EMAIL,
  DEV_COMPANY_EMAIL_DOMAINS,
  DEV_COMPANY_GROUP_PREFIX,
  DEV_RECRUITER_EMAIL,
  DEV_SECOND_ADMIN_EMAIL,
  DEV_SECOND_RECRUITER_EMAIL,
  DEV_USER_EMAIL,
  checkLogin,
  devAccounts,
  parseEmailDomainMap,
  claimedCompanySlug,
} from '../../platform';

const ENV = {
  DEV_ADMIN_PASSWORD: 'a-pass',
  DEV_USER_PASSWORD: 'u-pass',
  DEV_RECRUITER_PASSWORD: 'r-pass',
  DEV_SECOND_RECRUITER_PASSWORD: 'r2-pass',
  DEV_SECOND_ADMIN_PASSWORD: 'a2-pass',
};

describe('dev sign-on accounts', () => {
  it('an admin, a non-admin, two recruiters and a second admin, passwords from the environment', () => {
    const accounts = devAccounts(ENV);
    expect(accounts.map((a) => [a.email, a.password])).toEqual([
      [DEV_ADMIN_EMAIL, 'a-pass'],
      [DEV_USER_EMAIL, 'u-pass'],
      [DEV_RECRUITER_EMAIL, 'r-pass'],
      [DEV_SECOND_RECRUITER_EMAIL, 'r2-pass'],
      [DEV_SECOND_ADMIN_EMAIL, 'a2-pass'],
    ]);
    // Both admins are in the admin group (a second pair of eyes for review).
    expect(accounts[4].groups).toEqual(accounts[0].groups);
  });

  it('the recruiters belong to the two seeded companies under the configuration npm start sets', () => {
    const [, viewer, recruiter, second] = devAccounts(ENV);
    const rule = {
      companyGroupPrefix: DEV_COMPANY_GROUP_PREFIX,
      companyEmailDomains: parseEmailDomainMap(DEV_COMPANY_EMAIL_DOMAINS) as Map<string, string>,
    };
    expect(claimedCompanySlug(recruiter, rule)).toEqual({ slug: demoCompany.slug });
    expect(claimedCompanySlug(second, rule)).toEqual({ slug: secondCompany.slug });
    expect(claimedCompanySlug(viewer, rule)).toHaveProperty('none');
  });

  it('generates passwords once per data directory and keeps them; adds ones an older file lacks', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-accounts-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'dev-signon.json'),
        JSON.stringify({ admin: 'old-admin', user: 'old-user' }),
      );
      const first = devAccounts({ DATA_DIR: dir });
      const second = devAccounts({ DATA_DIR: dir });
      expect(first[0].password).toBe('old-admin');
      expect(first[1].password).toBe('old-user');
      expect(first[2].password).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(new Set(first.map((a) => a.password)).size).toBe(5);
      expect(second.map((a) => a.password)).toEqual(first.map((a) => a.password));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checkLogin needs the right email (any case) and the exact password', () => {
    const accounts = devAccounts({ ...ENV, DEV_ADMIN_PASSWORD: 'secret-1', DEV_USER_PASSWORD: 'secret-2' });
    expect(checkLogin(accounts, ' Admin@SkillQuiz.local', 'secret-1')?.id).toBe('dev-admin');
    expect(checkLogin(accounts, DEV_USER_EMAIL, 'secret-2')?.id).toBe('dev-viewer');
    expect(checkLogin(accounts, DEV_RECRUITER_EMAIL, 'r-pass')?.id).toBe('dev-recruiter');
    expect(checkLogin(accounts, DEV_ADMIN_EMAIL, 'secret-2')).toBeUndefined();
    expect(checkLogin(accounts, DEV_ADMIN_EMAIL, 'secret-')).toBeUndefined();
    expect(checkLogin(accounts, DEV_ADMIN_EMAIL, '')).toBeUndefined();
  });
});
