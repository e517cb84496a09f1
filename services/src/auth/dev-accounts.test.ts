import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEV_ADMIN_EMAIL, DEV_USER_EMAIL, checkLogin, devAccounts } from './dev-accounts';

describe('dev sign-on accounts', () => {
  it('an admin and a non-admin, passwords from the environment', () => {
    const accounts = devAccounts({ DEV_ADMIN_PASSWORD: 'a-pass', DEV_USER_PASSWORD: 'u-pass' });
    expect(accounts.map((a) => [a.email, a.password])).toEqual([
      [DEV_ADMIN_EMAIL, 'a-pass'],
      [DEV_USER_EMAIL, 'u-pass'],
    ]);
  });

  it('generates passwords once per data directory and keeps them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-accounts-'));
    try {
      const first = devAccounts({ DATA_DIR: dir });
      const second = devAccounts({ DATA_DIR: dir });
      expect(first[0].password).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(first[0].password).not.toBe(first[1].password);
      expect(second.map((a) => a.password)).toEqual(first.map((a) => a.password));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checkLogin needs the right email (any case) and the exact password', () => {
    const accounts = devAccounts({ DEV_ADMIN_PASSWORD: 'secret-1', DEV_USER_PASSWORD: 'secret-2' });
    expect(checkLogin(accounts, ' Admin@SkillQuiz.local', 'secret-1')?.id).toBe('dev-admin');
    expect(checkLogin(accounts, DEV_USER_EMAIL, 'secret-2')?.id).toBe('dev-viewer');
    expect(checkLogin(accounts, DEV_ADMIN_EMAIL, 'secret-2')).toBeUndefined();
    expect(checkLogin(accounts, DEV_ADMIN_EMAIL, 'secret-')).toBeUndefined();
    expect(checkLogin(accounts, DEV_ADMIN_EMAIL, '')).toBeUndefined();
  });
});
