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
}

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

  add(row: Row): void {
    this.rows.push(row);
  }

  /** A row judged against an upper bound. */
  atMost(section: string, metric: string, value: number, limit: number, unit: string, note?: string): void {
    this.add({ section, metric, value, unit, target: `≤ ${limit}${unit === '×' ? '×' : ` ${unit}`}`, ok: value <= limit, note });
  }

  atLeast(section: string, metric: string, value: number, limit: number, unit: string, note?: string): void {
    this.add({ section, metric, value, unit, target: `≥ ${limit}${unit ? ` ${unit}` : ''}`, ok: value >= limit, note });
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

const verdict = (row: Row) => (row.ok === undefined ? '' : row.ok ? 'ok' : 'MISSED');

/** The table printed at the end: one line per row, grouped by section. */
export function formatTable(report: BenchReport): string {
  const header = ['section', 'metric', 'value', 'target', '', 'note'];
  const lines = report.rows.map((row) => [
    row.section,
    row.metric,
    `${typeof row.value === 'number' ? formatNumber(row.value) : row.value}${row.unit && row.unit !== '×' ? ` ${row.unit}` : row.unit ?? ''}`,
    row.target ?? '',
    verdict(row),
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
  const missed = report.rows.filter((r) => r.ok === false).length;
  const judged = report.rows.filter((r) => r.ok !== undefined).length;
  out.push('', `${judged - missed}/${judged} targets met · ${report.durationS} s · ${report.machine.cpus} CPUs · load ${report.machine.loadAverage.join(' ')} · Node ${report.machine.node}`);
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
