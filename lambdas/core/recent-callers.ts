import type { UserStatus } from '../../shared/api';
import { expiringMap } from './expiring-map';

/**
 * Callers this warm function found not disabled within the last `RECENT_CALLER_TTL_MS`. A read-only route
 * open to every signed-in account needs the caller's record only to refuse a disabled account; remembering
 * that answer briefly lets a page cost one DynamoDB read instead of two (issue 7's API budget), the way an
 * API Gateway authorizer caches its answer.
 *
 * The price: an account disabled in another function may still read pages here for up to the TTL. Every
 * write, approval-level and operator route reads the record each time, so nothing can be changed after a
 * disable; and the process that disables an account forgets it at once (locally, where every handler
 * shares one process, a disable takes effect everywhere at once).
 */
export const RECENT_CALLER_TTL_MS = 30_000;

/** The caller's status as last read (never `disabled` or `deleted`: those are refused and forgotten). */
export const recentCallers = /* @__PURE__ */ expiringMap<string, UserStatus>(RECENT_CALLER_TTL_MS);
