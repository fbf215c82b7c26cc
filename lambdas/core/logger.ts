/**
 * Structured JSON logs: one line per entry, `{ level, message, timestamp, service, xray_trace_id?,
 * …request keys, …fields }`, INFO/DEBUG on stdout and WARN/ERROR on stderr. The same lines
 * @aws-lambda-powertools/logger wrote, which this replaces: it was ~20 KB of every Lambda bundle for the
 * few methods we call. Lambda passes lines that are already JSON through to CloudWatch as they are.
 *
 * LOG_LEVEL (DEBUG, INFO, WARN, ERROR or SILENT; default INFO) is read when the module loads: the stage
 * config sets it on every function, the local stack and the bench before they load the handlers.
 */
export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
type Fields = Readonly<Record<string, unknown>>;

const severity: Readonly<Record<LogLevel, number>> = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, SILENT: 28 };
/** Keys of the entry itself: a field of the same name is dropped rather than replace them. */
const reserved = new Set(['level', 'message', 'timestamp', 'service']);

const levelOf = (value: string | undefined): LogLevel => {
  const upper = value?.toUpperCase();
  return upper !== undefined && upper in severity ? (upper as LogLevel) : 'INFO';
};

/** Errors as `{ name, message, stack, cause?, …own properties }` (JSON.stringify alone gives `{}`). */
function serialiseError(error: Error): Record<string, unknown> {
  const { name, message, stack, cause } = error;
  return {
    ...Object.fromEntries(Object.entries(error)),
    name,
    message,
    stack,
    ...(cause === undefined ? {} : { cause: cause instanceof Error ? serialiseError(cause) : cause }),
  };
}

const replacer = (_key: string, value: unknown) => (value instanceof Error ? serialiseError(value) : value);

/** Lambda's X-Ray trace header (`Root=1-…;Parent=…;Sampled=…`), as the trace id of the entry. */
const traceId = () => /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1];

export class Logger {
  readonly #service: string;
  #threshold: number;
  #keys: Record<string, unknown> = {};

  constructor(service: string, level: LogLevel) {
    this.#service = service;
    this.#threshold = severity[level];
  }

  setLogLevel(level: LogLevel): void {
    this.#threshold = severity[level];
  }

  /** Keys added to every entry until resetKeys (the HTTP pipeline's request id and route). */
  appendKeys(keys: Fields): void {
    Object.assign(this.#keys, keys);
  }

  resetKeys(): void {
    this.#keys = {};
  }

  debug(message: string, fields?: Fields): void {
    this.#write('DEBUG', message, fields);
  }

  info(message: string, fields?: Fields): void {
    this.#write('INFO', message, fields);
  }

  warn(message: string, fields?: Fields): void {
    this.#write('WARN', message, fields);
  }

  error(message: string, fields?: Fields): void {
    this.#write('ERROR', message, fields);
  }

  #write(level: Exclude<LogLevel, 'SILENT'>, message: string, fields: Fields = {}): void {
    if (severity[level] < this.#threshold) return;
    const entry: Record<string, unknown> = { level, message, timestamp: new Date().toISOString(), service: this.#service };
    const trace = traceId();
    if (trace) entry.xray_trace_id = trace;
    for (const extra of [this.#keys, fields]) {
      for (const [key, value] of Object.entries(extra)) if (!reserved.has(key)) entry[key] = value;
    }
    const line = `${JSON.stringify(entry, replacer)}\n`;
    (severity[level] >= severity.WARN ? process.stderr : process.stdout).write(line);
  }
}

/** One logger per process, tagged per invocation with the request id. */
export const logger = new Logger('bisn-api', levelOf(process.env.LOG_LEVEL));
