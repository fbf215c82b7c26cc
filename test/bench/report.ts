import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';

/** One measured number, with the target it is judged against (when there is one). */
export interface Row {
  section: string;
  metric: string;
  value: number | string;
  unit?: string;
  /** Human-readable target, e.g. "≤ 1.3×". */
  target?: string;
  /** Whether the value meets the target; undefined when there is no target. */
  ok?: boolean;
  note?: string;
  /** The machine's 1-minute load average while the row was measured: the highest sampled. */
  load?: number;
  /** A target in time (latency, wall, rate, Lighthouse's performance): it holds on a quiet machine only. */
  timed?: boolean;
}

/**
 * Above this 1-minute load average something besides the bench shares the machine (the bench alone keeps
 * both cores of a 2-core machine busy at times): a timed target missed then is reported, not judged.
 */
export const QUIET_LOAD = 1.5 * cpus().length;
const TIMED_UNITS = new Set(['ms', 's', 'ms each', 'req/s', 'mails/s']);
const LOAD_SAMPLE_MS = 2_000;
const busy = (row: Row) => row.timed === true && (row.load ?? 0) > QUIET_LOAD;

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  durationS: number;
  machine: { cpus: number; cpuModel: string; node: string; loadAverage: number[] };
  rows: Row[];
  /** Per-phase raw data (latency series, bundle metafile summaries, Lighthouse audits that failed). */
  details: Record<string, unknown>;
}

export class Collector {
  readonly rows: Row[] = [];
  readonly details: Record<string, unknown> = {};
  readonly startedAt = new Date();
  /** The load averages sampled since the last row (or the phase's start). */
  private loads: number[] = [];
  private readonly sampler = setInterval(() => this.loads.push(loadavg()[0]!), LOAD_SAMPLE_MS).unref();

  /** A phase begins: its first row's load counts from here. */
  startPhase(): void {
    this.loads = [];
  }

  add(row: Row): void {
    const load = Math.max(loadavg()[0]!, ...this.loads);
    this.loads = [];
    this.rows.push({ ...row, load: Number(load.toFixed(2)), timed: row.timed ?? TIMED_UNITS.has(row.unit ?? '') });
  }

  /** A row judged against an upper bound. */
  atMost(section: string, metric: string, value: number, limit: number, unit: string, note?: string): void {
    this.add({ section, metric, value, unit, target: `≤ ${limit}${unit === '×' ? '×' : ` ${unit}`}`, ok: value <= limit, note });
  }

  /** A row judged against a lower bound; `timed` when it is a time-bound figure without a time unit (a Lighthouse score). */
  atLeast(section: string, metric: string, value: number, limit: number, unit: string, note?: string, timed?: boolean): void {
    this.add({ section, metric, value, unit, target: `≥ ${limit}${unit ? ` ${unit}` : ''}`, ok: value >= limit, note, timed });
  }

  info(section: string, metric: string, value: number | string, unit?: string, note?: string): void {
    this.add({ section, metric, value, unit, note });
  }

  /** A phase that could not run: recorded as a failed row instead of ending the whole bench. */
  failed(section: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.add({ section, metric: 'phase failed', value: message.split('\n')[0]!.slice(0, 160), ok: false });
    this.details[`${section} error`] = error instanceof Error ? error.stack : message;
  }

  finish(): BenchReport {
    clearInterval(this.sampler);
    const finishedAt = new Date();
    return {
      startedAt: this.startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationS: Math.round((finishedAt.getTime() - this.startedAt.getTime()) / 1000),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', node: process.version, loadAverage: loadAverage() },
      rows: this.rows,
      details: this.details,
    };
  }
}

/** The load average tells a reader whether other work shared the machine during the run. */
const loadAverage = () => loadavg().map((v) => Number(v.toFixed(2)));

/** A timed target missed on a busy machine says so instead of MISSED: it is not judged. */
const verdict = (row: Row) => (row.ok === undefined ? '' : row.ok ? 'ok' : busy(row) ? 'busy' : 'MISSED');

/** The table printed at the end: one line per row, grouped by section. */
export function formatTable(report: BenchReport): string {
  const header = ['section', 'metric', 'value', 'target', '', 'load', 'note'];
  const lines = report.rows.map((row) => [
    row.section,
    row.metric,
    `${typeof row.value === 'number' ? formatNumber(row.value) : row.value}${row.unit && row.unit !== '×' ? ` ${row.unit}` : row.unit ?? ''}`,
    row.target ?? '',
    verdict(row),
    row.load === undefined ? '' : row.load.toFixed(1),
    row.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  const out = [format(header), widths.map((w) => '-'.repeat(w)).join('  ')];
  let section = '';
  for (const [i, line] of lines.entries()) {
    if (report.rows[i]!.section !== section && section) out.push('');
    section = report.rows[i]!.section;
    out.push(format(line));
  }
  const unjudged = report.rows.filter((r) => r.ok === false && busy(r)).length;
  const missed = report.rows.filter((r) => r.ok === false).length - unjudged;
  const judged = report.rows.filter((r) => r.ok !== undefined).length - unjudged;
  const timedBusy = report.rows.filter(busy).length;
  out.push('', `${judged - missed}/${judged} targets met · ${report.durationS} s · ${report.machine.cpus} CPUs · load ${report.machine.loadAverage.join(' ')} · Node ${report.machine.node}`);
  if (timedBusy) {
    out.push(
      `The machine was not quiet (load above ${QUIET_LOAD}) during ${timedBusy} timed rows: absolute targets hold on a quiet machine only` +
        `${unjudged ? `; the ${unjudged} missed there are marked busy, not judged` : ''}. Ratio rows (×) are judged whatever the load.`,
    );
  }
  return out.join('\n');
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : 1 });
}

/** Writes bench/results/<timestamp>.json and bench/results/latest.json; returns the first path. */
export function writeResults(report: BenchReport, root: string): string {
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${report.startedAt.replace(/[:.]/g, '-')}.json`);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(path.join(dir, 'latest.json'), json);
  return file;
}
