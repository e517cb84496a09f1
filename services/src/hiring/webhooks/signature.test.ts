import { computeSignature, newWebhookSecret, signatureHeader, verifySignature } from './signature';

it('signs the timestamp and the body with HMAC-SHA256, as t=...,v1=...', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1"}';
  const header = signatureHeader(secret, body, 1_800_000_000);
  // Independently computed: printf '1800000000.{"id":"evt_1"}' | openssl dgst -sha256 -hmac whsec_test
  expect(header).toBe('t=1800000000,v1=45705be2a45ab5acdd1395cc695e9e7073125385ec24194921c401dff44176f8');
  expect(computeSignature(secret, 1_800_000_000, body)).toBe(header.split('v1=')[1]);
  const now = 1_800_000_000_000;
  expect(verifySignature(header, body, secret, { now })).toBe(true);
  expect(verifySignature(header, body + ' ', secret, { now })).toBe(false);
  expect(verifySignature(header, body, 'whsec_other', { now })).toBe(false);
  expect(verifySignature(header, body, secret, { now: now + 301_000 })).toBe(false); // a replay, too late
  expect(verifySignature('t=1800000000,v1=zz', body, secret, { now })).toBe(false);
  expect(verifySignature(undefined, body, secret, { now })).toBe(false);
  expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  expect(newWebhookSecret()).not.toBe(newWebhookSecret());
});
