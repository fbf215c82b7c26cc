import { documentClient } from '../core/aws';
import { env } from '../core/env';

export const db = () => documentClient();
export const tableName = () => env().TABLE_NAME;

/** Encodes a DynamoDB LastEvaluatedKey as an opaque URL-safe cursor, and back. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new InvalidCursorError();
}

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
  }
}

/** True when a conditional write failed because its condition did not hold. */
export function isConditionFailed(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}

export const nowIso = () => new Date().toISOString();
