import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; set LOG_LEVEL=debug for more, silent in tests by default. */
export function createLogger(level: string, name = 'plaudit'): Logger {
  return pino({
    name,
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.accessToken'], censor: '[redacted]' },
  });
}
