import type { FieldRule, FormRules } from './field-limits';

/**
 * Values at and beside each rule's boundary (the limit, one past it, empty, the wrong type), with whether
 * the rule accepts them and, for a refusal the spec words, the exact message. Built from the table alone.
 */
export interface Probe {
  readonly what: string;
  readonly value: unknown;
  readonly valid: boolean;
  readonly message?: string;
}

const x = (n: number) => 'x'.repeat(n);

export function probes(rule: FieldRule): Probe[] {
  switch (rule.kind) {
    case 'text': {
      const out: Probe[] = [{ what: 'padded text', value: '  a  ', valid: true }, { what: 'a number', value: 42, valid: false }];
      if (Number.isFinite(rule.max)) {
        out.push({ what: `${rule.max} characters`, value: x(rule.max), valid: true });
        out.push({ what: `${rule.max} characters and spaces around`, value: ` ${x(rule.max)} `, valid: true });
        out.push({ what: `${rule.max + 1} characters`, value: x(rule.max + 1), valid: false });
      }
      if (rule.required) {
        out.push({ what: 'empty', value: '', valid: false, message: rule.required });
        out.push({ what: 'only spaces', value: '   ', valid: false, message: rule.required });
      } else {
        out.push({ what: 'empty', value: '', valid: true });
      }
      return out;
    }
    case 'lines':
      return [
        { what: 'no lines', value: [], valid: true },
        { what: `${rule.maxItems} lines of ${rule.itemMax}`, value: Array(rule.maxItems).fill(x(rule.itemMax)), valid: true },
        { what: `${rule.maxItems + 1} lines`, value: Array(rule.maxItems + 1).fill('a'), valid: false },
        { what: `a line of ${rule.itemMax + 1}`, value: [x(rule.itemMax + 1)], valid: false },
        { what: 'not a list', value: 'a', valid: false },
      ];
    case 'sqft':
      return [
        { what: 'nothing', value: null, valid: true },
        { what: '0', value: 0, valid: true },
        { what: `${rule.max}`, value: rule.max, valid: true },
        { what: `${rule.max + 1}`, value: rule.max + 1, valid: false },
        { what: '-1', value: -1, valid: false },
        { what: 'a fraction', value: 1.5, valid: false },
        { what: 'digits as text', value: '100', valid: false },
      ];
    case 'money': {
      const step = 10 ** -rule.decimals;
      return [
        { what: 'nothing', value: null, valid: true },
        { what: '0', value: 0, valid: true },
        { what: `${rule.max}`, value: rule.max, valid: true },
        { what: `${rule.decimals} decimals`, value: 12.5 + step, valid: true },
        { what: `${rule.decimals + 1} decimals`, value: 12.5 + step / 10, valid: false },
        { what: `over ${rule.max}`, value: rule.max + 1, valid: false },
        { what: 'below 0', value: -step, valid: false },
        { what: 'digits as text', value: '5', valid: false },
      ];
    }
    case 'choice':
      return [
        { what: 'an unknown id', value: 'no-such-choice', valid: false, message: rule.required },
        { what: 'a number', value: 1, valid: false, message: rule.required },
        rule.nullable ? { what: 'nothing', value: null, valid: true } : { what: 'nothing', value: null, valid: false, message: rule.required },
      ];
    case 'choices':
      return [
        { what: 'none', value: [], valid: false, message: rule.required },
        { what: 'an unknown id', value: ['no-such-choice'], valid: false },
        { what: 'not a list', value: 'a', valid: false },
      ];
    case 'shape':
      return [
        ...rule.valid.map((value) => ({ what: JSON.stringify(value), value, valid: true })),
        ...rule.invalid.map((value) => ({ what: JSON.stringify(value), value, valid: false, message: rule.message })),
        { what: 'a number', value: 42, valid: false },
      ];
    case 'minLength':
      return [
        { what: `${rule.min} characters`, value: x(rule.min), valid: true },
        { what: `${rule.min - 1} characters`, value: x(rule.min - 1), valid: false, message: rule.message },
      ];
  }
}

/**
 * Whether a field's value is within the rule's limits, judged from the table alone: the fuzzing's oracle.
 * Catalogue membership and URL shape are left to the schema (the oracle requires both to agree).
 */
export function withinRule(rule: FieldRule, value: unknown): boolean {
  switch (rule.kind) {
    case 'text':
      return typeof value === 'string' && value.trim().length <= rule.max && (!rule.required || value.trim().length > 0);
    case 'lines':
      return Array.isArray(value) && value.length <= rule.maxItems && value.every((line) => typeof line === 'string' && line.trim().length <= rule.itemMax);
    case 'sqft':
      return value === null || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= rule.max);
    case 'money': {
      if (value === null) return true;
      if (typeof value !== 'number' || !(value >= 0 && value <= rule.max)) return false;
      const scale = 10 ** rule.decimals;
      return Math.round(value * scale) / scale === value;
    }
    case 'choice':
      return typeof value === 'string' || (value === null && rule.nullable === true);
    case 'choices':
      return Array.isArray(value) && value.length >= rule.minItems && new Set(value).size === value.length;
    case 'shape':
      return typeof value === 'string' && (value !== '' || rule.optional === true);
    case 'minLength':
      return typeof value === 'string' && value.length >= rule.min;
  }
}

/**
 * Whether a body keeps every rule of `form`: a field left out is fine only where it may be empty and the
 * body need not name every field (`complete`).
 */
export function withinForm(form: FormRules, body: unknown, complete = false): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const fields = body as Record<string, unknown>;
  return Object.entries(form).every(([field, rule]) => {
    if (fields[field] === undefined) return !complete && mayBeLeftOut(rule);
    return withinRule(rule, fields[field]);
  });
}

const mayBeLeftOut = (rule: FieldRule) =>
  (rule.kind === 'text' && !rule.required) ||
  rule.kind === 'lines' ||
  rule.kind === 'sqft' ||
  rule.kind === 'money' ||
  (rule.kind === 'choice' && rule.nullable === true) ||
  (rule.kind === 'shape' && rule.optional === true);
