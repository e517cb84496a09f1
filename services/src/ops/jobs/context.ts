// What a job handler gets from the process that runs it.
import type { Config, Logger } from '../../platform';
import type { Mailer } from '../../hiring';

export interface JobContext {
  config: Config;
  logger: Logger;
  /** This process's own HTTP address (the demo candidates call the quiz API through it). */
  selfUrl: string;
  /** The process's outgoing mail (its SMTP transport), made and closed by server.ts. */
  mailer: Mailer;
}
