/**
 * `npm start`'s terminal: the handlers log Powertools' JSON lines, as in Lambda; the local process prints
 * each as one readable line, and by default only warnings and errors (BISN_LOG=info for everything), so
 * the banner and the demo logins do not scroll away while the stack is idle.
 */

export type LocalLogLevel = 'INFO' | 'WARN' | 'ERROR';

/** BISN_LOG (info, warn or error, any case); warnings by default. */
export function localLogLevel(value: string | undefined): LocalLogLevel {
  const level = value?.trim().toUpperCase();
  return level === 'INFO' || level === 'ERROR' ? level : 'WARN';
}

/** What every line of a function carries and the terminal has no use for. */
const hidden = new Set(['level', 'message', 'timestamp', 'service', 'sampling_rate', 'cold_start', 'function_arn', 'function_memory_size', 'function_request_id', 'function_name', 'xray_trace_id']);

const valueOf = (value: unknown): string => {
  if (value && typeof value === 'object' && 'message' in value) {
    const error = value as { name?: string; message: string; location?: string };
    return `${error.name ?? 'Error'}: ${error.message}${error.location ? ` (${error.location})` : ''}`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** A Powertools JSON line as `15:45:02 WARN  [function] message  key=value …`; any other line as it is. */
export function readableLogLine(line: string): string {
  if (!line.startsWith('{"level":')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.timestamp === 'string' ? new Date(entry.timestamp).toTimeString().slice(0, 8) : '';
  const source = typeof entry.function_name === 'string' ? ` [${entry.function_name.replace(/^bisn-local-/, '')}]` : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !hidden.has(key))
    .map(([key, value]) => `${key}=${valueOf(value)}`);
  return [`${time} ${String(entry.level).padEnd(5)}${source} ${String(entry.message)}`, ...fields].join('  ');
}

/** Rewrites the JSON lines written to `stream` (stdout, stderr) as readable ones. */
export function printReadableLogs(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (!text.includes('{"level":')) return write(chunk, ...rest);
    return write(text.split('\n').map(readableLogLine).join('\n'), ...rest);
  }) as typeof stream.write;
}
