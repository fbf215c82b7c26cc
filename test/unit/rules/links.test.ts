import { describe, expect, it } from 'vitest';
import { listingDraft } from '../../../shared/api';
import { isBrochureUrl } from '../../../shared/rules/links';

describe('isBrochureUrl', () => {
  it.each([
    'https://example.com/brochure.pdf',
    'http://example.com',
    'HTTPS://Example.COM/a.pdf?x=1#p2',
    'https://sub.broker-site.co.uk/files/Brochure%20Final.pdf',
    'https://8.8.8.8/a.pdf',
    'https://[2001:4860:4860::8888]/a.pdf',
    'https://172.32.0.1/',
    'https://example.com/"><svg onload=alert(22)>',
  ])('accepts %s', (url) => expect(isBrochureUrl(url)).toBe(true));

  it.each([
    ['no scheme', 'example.com/brochure.pdf'],
    ['protocol-relative', '//example.com/brochure.pdf'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: looking like a host', 'javascript://example.com/%0Aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['ftp:', 'ftp://example.com/a.pdf'],
    ['no slashes', 'https:example.com'],
    ['credentials', 'https://user:pass@example.com/'],
    ['localhost', 'http://localhost:3000/'],
    ['a .localhost name', 'http://api.localhost/'],
    ['a single-label name', 'http://intranet/brochure.pdf'],
    ['loopback', 'http://127.0.0.1/'],
    ['loopback, decimal', 'http://2130706433/'],
    ['loopback, hex', 'http://0x7f.1/'],
    ['10/8', 'http://10.0.0.5/'],
    ['172.16/12', 'http://172.16.0.1/'],
    ['172.31 edge', 'http://172.31.255.255/'],
    ['192.168/16', 'https://192.168.1.1/'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['0.0.0.0', 'http://0.0.0.0/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unique-local', 'http://[fd12:3456::1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/'],
    ['.local (mDNS)', 'http://printer.local/'],
    ['.internal', 'http://db.internal/'],
    ['not a URL', 'not a url'],
  ])('refuses %s: %s', (_why, url) => expect(isBrochureUrl(url)).toBe(false));
});

describe('a draft\'s brochure link as typed', () => {
  const saved = (brochureUrl: string) => listingDraft.safeParse({ brochureUrl });
  it.each([
    ['www.example.com/x.pdf', 'https://www.example.com/x.pdf'],
    ['  example.com/brochure.pdf ', 'https://example.com/brochure.pdf'],
    ['example.com:8080/a.pdf', 'https://example.com:8080/a.pdf'],
    ['http://example.com/a.pdf', 'http://example.com/a.pdf'],
    ['HTTPS://Example.COM/a.pdf', 'HTTPS://Example.COM/a.pdf'],
    ['', ''],
  ])('saves %j as %j', (typed, stored) => expect(saved(typed)).toMatchObject({ success: true, data: { brochureUrl: stored } }));

  it.each(['javascript:alert(1)', '//example.com/a.pdf', 'ftp://example.com/a.pdf', 'localhost/a.pdf', 'intranet/a.pdf', 'not a url'])('still refuses %j', (typed) =>
    expect(saved(typed).error?.issues.map((issue) => issue.message)).toEqual(['Please enter a valid URL.']),
  );
});
