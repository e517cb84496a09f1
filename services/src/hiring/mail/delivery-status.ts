// Whether this server sends candidates email, for the hiring pages ("invitations are created without
// email" in production without SMTP_URL).
import type { Config } from '../../platform';

export interface EmailDeliveryStatus {
  enabled: boolean;
  /** 'smtp': SMTP_URL; 'dev-outbox': the dev mail catcher of `npm start`; 'off': none. */
  via: 'smtp' | 'dev-outbox' | 'off';
  message: string;
}

export function emailDeliveryOf(config: Pick<Config, 'smtpUrl' | 'devOutboxDir'>): EmailDeliveryStatus {
  if (!config.smtpUrl)
    return {
      enabled: false,
      via: 'off',
      message:
        'Email is not set up on this server (SMTP_URL): invitations are created without email; send candidates their link yourself.',
    };
  if (config.devOutboxDir)
    return {
      enabled: true,
      via: 'dev-outbox',
      message: 'Development: emails go to the dev outbox (/dev/outbox), not to the candidates.',
    };
  return { enabled: true, via: 'smtp', message: 'Candidates get their invitation by email.' };
}
