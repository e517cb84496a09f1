// The services' one logger: pino. Messages and the request log (request-log.ts) are lines of the same
// logger, at LOG_LEVEL; debug and info go to stdout, warn and error to stderr (a supervisor, and
// `npm start`'s crash report, read stderr for what went wrong).
//
// LOG_FORMAT: `json` (one JSON object per line, for log collectors: the default in production and
// tests) or `pretty` (pino-pretty, one readable line per entry: the default in development, so
// `npm start` stays readable). Call with an error as `logger.warn({ err }, 'what failed')`: pino
// serialises `err` with its stack.
//
// Lines that tools parse ("SkillQuiz services listening on <url>", "Demo candidate link: <url>") are
// not log entries: main.ts prints them with console.log, whatever the level or format.
import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'pretty';

export const REDACTED = '[redacted]';

/** Paths that would carry a session id or a credential if someone logged them. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'token',
  'sessionId',
];

export interface LoggerOptions {
  format?: LogFormat;
  /** One stream for every level (tests capture lines this way); default stdout + stderr by level. */
  destination?: DestinationStream;
}

function prettyStream(fd: 1 | 2): DestinationStream {
  return pretty({
    destination: fd,
    sync: true, // lines in order with console.log's, and none lost on exit
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}

function jsonStream(fd: 1 | 2): DestinationStream {
  return pino.destination({ fd, sync: true });
}

export function createLogger(level: LogLevel = 'info', options: LoggerOptions = {}): Logger {
  const format = options.format ?? 'json';
  const stream =
    options.destination ??
    pino.multistream(
      [
        { level: 'trace', stream: format === 'pretty' ? prettyStream(1) : jsonStream(1) },
        { level: 'warn', stream: format === 'pretty' ? prettyStream(2) : jsonStream(2) },
      ],
      { dedupe: true }, // a line goes only to the stream of the highest level it reaches
    );
  return pino({ level, base: undefined, redact: { paths: REDACT_PATHS, censor: REDACTED } }, stream);
}
