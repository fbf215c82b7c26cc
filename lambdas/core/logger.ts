import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; one logger per process, tagged per invocation with the request id. */
export const logger = new Logger({
  serviceName: 'bisn-api',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});
