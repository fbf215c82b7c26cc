import type { UserStatus } from '../../shared/api';
import { expiringMap } from './expiring-map';

/**
 * Callers this warm function found not disabled within the last `RECENT_CALLER_TTL_MS`. A read-only route
 * needs the caller's record only to refuse a disabled account (and, at approval level, one not approved);
 * remembering that answer briefly lets a page cost one DynamoDB read instead of two, the way an API Gateway
 * authorizer caches its answer.
 * An approval-level read trusts only a remembered `active`.
 *
 * The price: an account disabled, or its approval taken back, in another function may still read pages here
 * for up to the TTL. Every write and operator route reads the record each time, so nothing can be changed
 * after a disable; and the process that changes an account's status forgets it at once (locally, where
 * every handler shares one process, it takes effect everywhere at once).
 */
export const RECENT_CALLER_TTL_MS = 30_000;

/** The caller's status as last read (never `disabled` or `deleted`: those are refused and forgotten). */
export const recentCallers = /* @__PURE__ */ expiringMap<string, UserStatus>(RECENT_CALLER_TTL_MS);
