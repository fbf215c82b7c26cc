import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one logger of every function: Powertools' structured JSON lines (level, message, timestamp,
 * service, X-Ray trace id, and — once the HTTP pipeline hands it the Lambda context — the function name,
 * request id and cold-start flag). LOG_LEVEL (DEBUG, INFO, WARN, ERROR or SILENT; default INFO) is read when
 * the module loads: the stage config sets it on every function, the local stack and the bench before they
 * load the handlers. Tests silence it with `logger.setLogLevel('SILENT')`.
 */
const levels = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'] as const;
type Level = (typeof levels)[number];
const levelOf = (value: string | undefined): Level => {
  const upper = value?.toUpperCase();
  return (levels as readonly string[]).includes(upper ?? '') ? (upper as Level) : 'INFO';
};

export const logger = new Logger({ serviceName: 'bisn-api', logLevel: levelOf(process.env.LOG_LEVEL) });
