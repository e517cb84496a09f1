// The dev outbox: what the dev mail catcher received, at /dev/outbox (pages) and /api/dev/outbox
// (JSON, also how the admin frame learns to link it). Development only: it answers only when
// DEV_OUTBOX_DIR is set, which `npm start` does outside production and the config refuses in
// production; otherwise these paths fall through (the shell's 404, the API's JSON 404). The
// messages hold candidates' links, so they are scoped like the hiring API: an admin sees every
// message; a recruiter only those sent for their own company (the mailer names it in a header, the
// catcher keeps it as company_id); anyone else, signed in without a role or signed out, gets 404 on
// every path, as if there were no outbox. Another company's message is 404 as if it did not exist.
import { Router } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { resolvePrincipal, signedInUser, notFound } from '../../platform';
import { listOutbox, readOutboxMessage, summaryOf, type OutboxMessage } from './outbox';

export const OUTBOX_PAGE = '/dev/outbox';

const e = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2430;line-height:1.5}
header{display:flex;gap:1rem;align-items:center;justify-content:space-between;padding:.75rem 1.5rem;background:#111827;color:#fff}
header a{color:#fff}
main{padding:1.5rem;max-width:60rem}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #d1d5db;vertical-align:top}
caption{text-align:left;color:#4b5263;padding-bottom:.5rem}
pre{white-space:pre-wrap;background:#f4f6fa;padding:1rem;border-radius:6px}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}
dd{margin:0}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} · SkillQuiz</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><header><span><strong>SkillQuiz</strong> dev outbox</span><nav aria-label="Dev outbox"><a href="/admin">Back to admin</a></nav></header>
<main>${body}</main></body></html>`;
}

const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

function listPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${e(when(m.received_at))}</td><td>${e(m.to.join(', '))}</td><td><a href="${OUTBOX_PAGE}/${m.id}">${e(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  const table = messages.length
    ? `<table><caption>Newest first. Nothing here was sent to anyone: the dev mail catcher keeps every message.</caption><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No email yet. Invite a candidate with an email address and the invitation appears here.</p>';
  return page('Dev outbox', `<h1>Dev outbox</h1>${table}`);
}

function messagePage(m: OutboxMessage): string {
  const html = m.html
    ? `<p><a href="${OUTBOX_PAGE}/${m.id}/html">Open the HTML version</a> (as the candidate's mail program shows it)</p>`
    : '';
  return page(
    m.subject || 'Message',
    `<p><a href="${OUTBOX_PAGE}">All messages</a></p><h1>${e(m.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${e(m.from ?? '')}</dd><dt>To</dt><dd>${e(m.to.join(', '))}</dd><dt>Received</dt><dd>${e(when(m.received_at))}</dd></dl>
${html}<h2>Text</h2><pre>${e(m.text)}</pre>`,
  );
}

/** Which messages this request may see (set by the guard). */
type Visible = (m: OutboxMessage) => boolean;

/**
 * Answers only with a dev outbox configured, and only to an admin or a recruiter (404 for everyone
 * else); puts what the caller may see in ctx.state.outboxVisible.
 */
function outboxGuard(): Middleware {
  return async (ctx: Context, next: Next) => {
    if (!ctx.config.devOutboxDir || ctx.config.isProduction) throw notFound('Not found');
    const user = signedInUser(ctx);
    const principal = user ? await resolvePrincipal(user, ctx.config, ctx.companies) : null;
    if (!principal || 'none' in principal) throw notFound('Not found');
    const company = principal.role === 'recruiter' ? principal.company.id : null;
    const visible: Visible = company === null ? () => true : (m) => m.company_id === company;
    ctx.state.outboxVisible = visible;
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

export function devOutboxRouter(): Router {
  const router = new Router();
  const guard = outboxGuard();
  const dir = (ctx: Context) => ctx.config.devOutboxDir!;
  const visible = (ctx: Context) => ctx.state.outboxVisible as Visible;
  const message = (ctx: Context) => {
    const m = readOutboxMessage(dir(ctx), ctx.params.id);
    if (!m || !visible(ctx)(m)) throw notFound('No such message in the dev outbox');
    return m;
  };
  const list = (ctx: Context) => listOutbox(dir(ctx), 200, visible(ctx));

  router.get('/api/dev/outbox', guard, (ctx) => {
    ctx.body = { page: OUTBOX_PAGE, messages: list(ctx).map(summaryOf) };
  });
  router.get('/api/dev/outbox/:id', guard, (ctx) => {
    ctx.body = message(ctx);
  });
  router.get(OUTBOX_PAGE, guard, (ctx) => {
    ctx.type = 'html';
    ctx.body = listPage(list(ctx));
  });
  router.get(`${OUTBOX_PAGE}/:id`, guard, (ctx) => {
    ctx.type = 'html';
    ctx.body = messagePage(message(ctx));
  });
  router.get(`${OUTBOX_PAGE}/:id/html`, guard, (ctx) => {
    const m = message(ctx);
    if (!m.html) throw notFound('This message has no HTML version');
    // The email's own HTML, shown as a mail program would: no scripts, no forms, nothing of ours.
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self' data: https: http:; style-src 'unsafe-inline'; sandbox allow-popups allow-popups-to-escape-sandbox",
    );
    ctx.type = 'html';
    ctx.body = m.html;
  });
  return router;
}
