/**
 * The security headers of every response of the web app: CloudFront sends them in the cloud (a
 * ResponseHeadersPolicy built from this record in lib/stacks/web-stack.ts) and the local web server sends
 * the same record. Pure data, no CDK import, so the local server can load it cheaply.
 *
 * Values may carry CDK tokens (the cloud passes unresolved URLs): nothing here parses a URL beyond
 * cutting it down to its origin with a regular expression.
 */
export interface SecurityHeaderOptions {
  /** Base URL of the product API (only its origin is used). */
  apiUrl: string;
  /** Cognito identity-provider endpoint the SPA calls (the regional endpoint, or the local emulator). */
  cognitoUrl: string;
  /** More origins the SPA fetches from: the presigned-POST upload endpoint, a dev server's websocket… */
  extraConnect?: string[];
  /** Base URL of stored images when they are not served from the site's own origin (local stack). */
  assetBaseUrl?: string;
  /** More image origins, e.g. a map tile server. */
  extraImg?: string[];
}

/** Two years, the value the HSTS preload list asks for. */
export const hstsMaxAgeSeconds = 63_072_000;

/** `https://host:port/path` → `https://host:port`; anything else (a keyword, a token) unchanged. */
export function sourceOrigin(url: string): string {
  return /^(https?|wss?):\/\/[^/?#]+/i.exec(url)?.[0] ?? url;
}

/**
 * Strict CSP for the SPA: scripts only from the site itself (no inline script, no eval); styles may be
 * inline because UI libraries (toasts, scroll locking) inject <style> elements at run time.
 */
export function contentSecurityPolicy(opts: SecurityHeaderOptions): string {
  const unique = (sources: (string | undefined)[]) => [...new Set(sources.filter((s): s is string => !!s))];
  const connect = unique(["'self'", sourceOrigin(opts.apiUrl), sourceOrigin(opts.cognitoUrl), ...(opts.extraConnect ?? []).map(sourceOrigin)]);
  const img = unique([
    "'self'",
    'data:',
    'blob:',
    opts.assetBaseUrl ? sourceOrigin(opts.assetBaseUrl) : undefined,
    ...(opts.extraImg ?? []).map(sourceOrigin),
  ]);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', img],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export function securityHeaders(opts: SecurityHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'Strict-Transport-Security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains`,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
