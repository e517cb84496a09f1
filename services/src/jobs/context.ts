// What a job handler gets from the process that runs it.
import type { Config } from '../config';
import type { Logger } from '../http/logger';

export interface JobContext {
  config: Config;
  logger: Logger;
  /** This process's own HTTP address (the demo candidates call the quiz API through it). */
  selfUrl: string;
}
