import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidCursorError } from '../data/table';

/** Whose page a cursor continues: the route and the caller it was handed to. */
export interface CursorScope {
  readonly route: string;
  readonly sub: string;
}

let key: Promise<Buffer> | undefined;

/** The cursors' HMAC key, derived from the stage's link secret (one secret to keep, a key of its own purpose). */
function cursorKey(): Promise<Buffer> {
  // Imported on first use: a route that never pages never loads the Secrets Manager client.
  key ??= import('../domain/mail/unsubscribe')
    .then(({ unsubscribeSecret }) => unsubscribeSecret())
    .then((secret) => createHmac('sha256', secret).update('page-cursors').digest());
  key.catch(() => (key = undefined));
  return key;
}

const signature = async (cursor: string, scope: CursorScope) =>
  createHmac('sha256', await cursorKey()).update(`${scope.route}\n${scope.sub}\n${cursor}`).digest('base64url');

/**
 * The cursor the API hands out: the data layer's (base64url, no dots) and its signature for this route and
 * caller, so an edited, forged or borrowed cursor is refused before it reaches DynamoDB.
 */
export async function signCursor(cursor: string, scope: CursorScope): Promise<string> {
  return `${cursor}.${await signature(cursor, scope)}`;
}

/** The data layer's cursor inside a signed one, or InvalidCursorError (a 400). */
export async function verifiedCursor(signed: string, scope: CursorScope): Promise<string> {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) throw new InvalidCursorError();
  const cursor = signed.slice(0, dot);
  const expected = Buffer.from(await signature(cursor, scope));
  const given = Buffer.from(signed.slice(dot + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InvalidCursorError();
  return cursor;
}
