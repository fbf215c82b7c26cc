import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, hstsMaxAgeSeconds, securityHeaders, sourceOrigin } from '../../lib/config/security-headers';
import { responseHeadersPolicyProps } from '../../lib/stacks/web-stack';

const local = {
  apiUrl: 'http://localhost:3001/api',
  cognitoUrl: 'http://localhost:9229',
  extraConnect: ['http://localhost:4569/bisn-images', 'ws://localhost:5173'],
  assetBaseUrl: 'http://localhost:4569/bisn-images',
};

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('security headers', () => {
  it('sends CSP, HSTS, nosniff, frame denial, referrer, permissions and opener policies', () => {
    expect(Object.keys(securityHeaders(local)).sort()).toEqual(
      [
        'Content-Security-Policy',
        'Cross-Origin-Opener-Policy',
        'Permissions-Policy',
        'Referrer-Policy',
        'Strict-Transport-Security',
        'X-Content-Type-Options',
        'X-Frame-Options',
      ].sort(),
    );
    expect(securityHeaders(local)).toMatchObject({
      'Strict-Transport-Security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains`,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });

  it('allows scripts from the site only, and no framing', () => {
    const csp = directives(contentSecurityPolicy(local));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(contentSecurityPolicy(local)).not.toContain('unsafe-eval');
  });

  it('connects to the API, Cognito and the extra origins, by origin only', () => {
    const csp = directives(contentSecurityPolicy(local));
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:3001', 'http://localhost:9229', 'http://localhost:4569', 'ws://localhost:5173']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:4569']);
  });

  it('passes unresolved values (CDK tokens) through untouched', () => {
    expect(sourceOrigin('https://${Token[TOKEN.12]}.execute-api.us-west-2.${Token[AWS.URLSuffix.3]}/api')).toBe(
      'https://${Token[TOKEN.12]}.execute-api.us-west-2.${Token[AWS.URLSuffix.3]}',
    );
    expect(sourceOrigin('${Token[TOKEN.7]}')).toBe('${Token[TOKEN.7]}');
  });

  it('maps onto a CloudFront response headers policy without losing a header', () => {
    const headers = securityHeaders(local);
    const props = responseHeadersPolicyProps(headers);
    const security = props.securityHeadersBehavior!;
    expect(security.contentSecurityPolicy?.contentSecurityPolicy).toBe(headers['Content-Security-Policy']);
    expect(security.strictTransportSecurity?.accessControlMaxAge.toSeconds()).toBe(hstsMaxAgeSeconds);
    expect(security.strictTransportSecurity?.includeSubdomains).toBe(true);
    expect(security.contentTypeOptions?.override).toBe(true);
    expect(security.frameOptions?.frameOption).toBe('DENY');
    expect(security.referrerPolicy?.referrerPolicy).toBe('strict-origin-when-cross-origin');
    expect(props.customHeadersBehavior?.customHeaders.map((h) => h.header).sort()).toEqual(['Cross-Origin-Opener-Policy', 'Permissions-Policy']);
    expect(() => responseHeadersPolicyProps({ ...headers, 'X-Frame-Options': 'SAMEORIGIN' })).toThrow(/unexpected security headers/);
  });
});
