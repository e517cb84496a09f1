import { formatExpiry, renderInvitationMail, type InvitationMailData } from './templates';

const data: InvitationMailData = {
  candidateName: 'Ada <script>',
  companyName: 'Acme & Sons',
  logoUrl: 'https://cdn.example/logo.png',
  atoms: [
    { name: 'JavaScript', minutes: 15, optional: false },
    { name: 'SQL', minutes: 0, optional: true },
  ],
  expiresAt: new Date('2026-12-01T14:05:00Z'),
  link: 'https://skillquiz.example/quiz/abc',
  supportEmail: 'help@acme.example',
};

it('writes the invitation in text and escaped HTML', () => {
  const mail = renderInvitationMail(data);
  expect(mail.subject).toBe('Acme & Sons invites you to a skills assessment');
  expect(mail.text).toContain('  - JavaScript (about 15 minutes)\n  - SQL, optional');
  expect(mail.text).toContain('Please finish before Tuesday, 1 December 2026, 14:05 UTC');
  expect(mail.text).toContain('Start here: https://skillquiz.example/quiz/abc');
  expect(mail.text).toContain('help@acme.example');
  expect(mail.html).toContain('Hello Ada &lt;script&gt;,');
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).toContain('<img src="https://cdn.example/logo.png" alt="Acme &amp; Sons"');
  expect(mail.html).toContain('href="https://skillquiz.example/quiz/abc"');
});

it('writes the reminder, and an invitation without name, logo or expiry', () => {
  const reminder = renderInvitationMail(data, { reminder: true });
  expect(reminder.subject).toBe('Reminder: your Acme & Sons skills assessment expires in 24 hours');
  expect(reminder.text).toContain('Your link stops working on Tuesday, 1 December 2026, 14:05 UTC.');
  const plain = renderInvitationMail({ ...data, candidateName: null, logoUrl: null, expiresAt: null });
  expect(plain.text.startsWith('Hello,\n')).toBe(true);
  expect(plain.text).not.toContain('Please finish before');
  expect(plain.html).not.toContain('<img');
  expect(formatExpiry(new Date('2026-01-05T09:00:00Z'))).toBe('Monday, 5 January 2026, 09:00 UTC');
});
