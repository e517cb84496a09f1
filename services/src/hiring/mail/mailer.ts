// Outgoing mail through nodemailer over SMTP (SMTP_URL). One Mailer per process, made by server.ts and
// handed to the job worker; it creates its transport on first use and closes it at shutdown. Unset SMTP_URL means this server sends no email: invitations are created without one and the
// hiring API says so (see emailDelivery in src/ops/jobs/hooks.ts).
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../platform';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per message (e.g. `invitation.<id>@skillquiz`): a retried send carries the same id. */
  messageId: string;
  /** The company the message is sent for, as the COMPANY_HEADER (the dev outbox shows it to that company's recruiters). */
  companyId?: string;
  headers?: Record<string, string>;
}

/** The header naming the company an email is sent for (an id, nothing a candidate could use). */
export const COMPANY_HEADER = 'X-SkillQuiz-Company';

export interface SentMail {
  messageId: string;
  /** The server's reply to the final DATA command (e.g. '250 OK: queued as ...'). */
  response: string;
}

/** How long one SMTP conversation may stall before the send fails (and the job retries later). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function mailConfigured(config: Pick<Config, 'smtpUrl'>): boolean {
  return Boolean(config.smtpUrl);
}

/** Sends the product's email; holds one pooled transport (per SMTP_URL) until close(). */
export class Mailer {
  private cached: { url: string; transport: Transporter } | null = null;

  private transportFor(url: string): Transporter {
    if (this.cached?.url !== url) {
      this.cached?.transport.close();
      this.cached = { url, transport: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }) };
    }
    return this.cached.transport;
  }

  /**
   * Sends one message; rejects when the server refuses it or cannot be reached (the caller, a job,
   * fails and is retried with backoff).
   */
  async send(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, mail: OutgoingMail): Promise<SentMail> {
    if (!config.smtpUrl) throw new Error('No SMTP_URL is configured: this server sends no email');
    const info = await this.transportFor(config.smtpUrl).sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${mail.messageId}>`,
      headers: { ...mail.headers, ...(mail.companyId ? { [COMPANY_HEADER]: mail.companyId } : {}) },
    });
    return { messageId: info.messageId, response: String(info.response ?? '') };
  }

  /** Closes the pooled connection (process shutdown). */
  close(): void {
    this.cached?.transport.close();
    this.cached = null;
  }
}
