// The candidate's emails: the invitation and its one reminder. Pure functions (text and HTML from
// plain data), so the wording is tested without a mail server. Every value that came from a user
// (names, company, atoms) is escaped in the HTML; links are absolute and only ever our own.

export interface InvitationMailAtom {
  name: string;
  /** The atom's estimated duration in minutes (0: unknown). */
  minutes: number;
  optional: boolean;
}

export interface InvitationMailData {
  candidateName: string | null;
  companyName: string;
  /** Absolute URL of the company's logo, or null. */
  logoUrl: string | null;
  atoms: InvitationMailAtom[];
  /** When the invitation expires; null when it does not. */
  expiresAt: Date | null;
  /** The candidate's link (the first quiz). */
  link: string;
  supportEmail: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** "Tuesday, 1 December 2026, 14:05 UTC": unambiguous wherever the candidate reads it. */
export function formatExpiry(date: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(date);
  return `${day}, ${time} UTC`;
}

function atomLine(a: InvitationMailAtom): string {
  const minutes = a.minutes > 0 ? ` (about ${a.minutes} minutes)` : '';
  return `${a.name}${minutes}${a.optional ? ', optional' : ''}`;
}

function greeting(name: string | null): string {
  return name ? `Hello ${name},` : 'Hello,';
}

/** The invitation (reminder: false) or the reminder sent 24 hours before it expires. */
export function renderInvitationMail(data: InvitationMailData, { reminder = false } = {}): RenderedMail {
  const expiry = data.expiresAt ? formatExpiry(data.expiresAt) : null;
  const subject = reminder
    ? `Reminder: your ${data.companyName} skills assessment expires in 24 hours`
    : `${data.companyName} invites you to a skills assessment`;
  const intro = reminder
    ? `${data.companyName} invited you to a skills assessment, and you have not started it yet. Your link stops working on ${expiry ?? 'its expiry date'}.`
    : `${data.companyName} invites you to take a short, timed skills assessment on SkillQuiz.`;
  const atoms = data.atoms.map(atomLine);
  const expiryLine = expiry ? `Please finish before ${expiry}; the link stops working then.` : null;
  const help = `Questions about the assessment? Write to ${data.supportEmail}.`;

  const text = [
    greeting(data.candidateName),
    '',
    intro,
    '',
    'What you will be asked about:',
    ...atoms.map((a) => `  - ${a}`),
    '',
    'Each question has its own time limit. Take the assessment in one sitting, somewhere quiet.',
    ...(expiryLine && !reminder ? ['', expiryLine] : []),
    '',
    `Start here: ${data.link}`,
    '',
    help,
    '',
    `SkillQuiz, on behalf of ${data.companyName}`,
  ].join('\n');

  const e = escapeHtml;
  const logo = data.logoUrl
    ? `<p><img src="${e(data.logoUrl)}" alt="${e(data.companyName)}" height="48" style="height:48px;width:auto"></p>`
    : '';
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${e(subject)}</title></head>`,
    '<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933;line-height:1.5;max-width:36rem;margin:0 auto;padding:1.5rem">',
    logo,
    `<p>${e(greeting(data.candidateName))}</p>`,
    `<p>${e(intro)}</p>`,
    '<p>What you will be asked about:</p>',
    `<ul>${atoms.map((a) => `<li>${e(a)}</li>`).join('')}</ul>`,
    '<p>Each question has its own time limit. Take the assessment in one sitting, somewhere quiet.</p>',
    expiryLine && !reminder ? `<p>${e(expiryLine)}</p>` : '',
    `<p><a href="${e(data.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:0.6rem 1.2rem;border-radius:6px;text-decoration:none">Start the assessment</a></p>`,
    `<p style="font-size:0.9rem">Or open this link: <a href="${e(data.link)}">${e(data.link)}</a></p>`,
    `<p style="font-size:0.9rem">${e(help)}</p>`,
    `<p style="font-size:0.9rem;color:#52606d">SkillQuiz, on behalf of ${e(data.companyName)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
