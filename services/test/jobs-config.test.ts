// Configuration of jobs, mail and webhooks: defaults, validation, and what production
// refuses or turns off by default.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/platform/config';
import { emailDeliveryOf } from '../src/hiring/mail/delivery-status';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-jobs-config-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };

it('has defaults: no email, 5 s webhook timeout, retries from 30 s for 24 h, private addresses only outside production', () => {
  const dev = loadConfig({ DATA_DIR: dataDir });
  expect(dev).toMatchObject({
    smtpUrl: undefined,
    mailFrom: 'SkillQuiz <no-reply@skillquiz.example>',
    webhookTimeoutMs: 5000,
    webhookAllowPrivateAddresses: true,
    jobsProcessEveryMs: 5000,
    jobsRetryFirstSeconds: 30,
    jobsRetryHours: 24,
    devOutboxDir: undefined,
  });
  expect(loadConfig({ DATA_DIR: dataDir, ...production }).webhookAllowPrivateAddresses).toBe(false);
  // Asked for explicitly, production may call an ATS on its own network.
  expect(
    loadConfig({ DATA_DIR: dataDir, ...production, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' })
      .webhookAllowPrivateAddresses,
  ).toBe(true);
});

it('refuses a bad SMTP_URL or timeout, naming the variable', () => {
  for (const [name, value] of [
    ['SMTP_URL', 'mail.example.com:25'],
    ['WEBHOOK_TIMEOUT_MS', '10'],
    ['JOBS_PROCESS_EVERY_MS', 'soon'],
  ]) {
    const err = (() => {
      try {
        loadConfig({ DATA_DIR: dataDir, [name]: value });
      } catch (e) {
        return e as Error;
      }
      throw new Error(`${name}=${value} was accepted`);
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toContain(`${name}:`);
  }
  expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
    'smtps://u:p@mail.example.com:465',
  );
});

it('has no dev outbox in production, and says so when no email is sent', () => {
  expect(() => loadConfig({ DATA_DIR: dataDir, ...production, DEV_OUTBOX_DIR: dataDir })).toThrow(
    /DEV_OUTBOX_DIR: the dev mail catcher and its outbox are for development only/,
  );
  const prod = loadConfig({ DATA_DIR: dataDir, ...production });
  expect(emailDeliveryOf(prod)).toMatchObject({ enabled: false, via: 'off' });
  expect(emailDeliveryOf(prod).message).toMatch(/invitations are created without email/);
  expect(emailDeliveryOf({ smtpUrl: 'smtp://mail', devOutboxDir: undefined })).toMatchObject({
    enabled: true,
    via: 'smtp',
  });
});
