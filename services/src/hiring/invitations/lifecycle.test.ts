import { invitationEmail } from './lifecycle';

it('promises an email only when one will be sent', () => {
  const prod = { smtpUrl: undefined, isProduction: true };
  expect(invitationEmail(null, { smtpUrl: 'smtp://x', isProduction: true }).status).toBe('no_address');
  expect(invitationEmail('a@example.com', prod).status).toBe('not_configured');
  expect(invitationEmail('a@example.com', { smtpUrl: undefined, isProduction: false }).status).toBe('queued');
});
