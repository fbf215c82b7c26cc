/**
 * A brochure link a broker may post: an absolute http(s) URL to a public host. Protocol-relative
 * (`//host`), other schemes (`javascript:`, `data:`), credentials and hosts that only mean something
 * inside a network (localhost, private, link-local and loopback addresses, single-label names) are
 * refused: the link is opened by other brokers' browsers.
 */
export function isBrochureUrl(value: string): boolean {
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return isPublicHost(url.hostname);
}

/**
 * A brochure link as typed, with `https://` put before a bare host (`www.example.com/x.pdf`): the spec
 * shows brochure links with https:// prefixed, so a link without a scheme is one on https. Anything with a
 * scheme of its own, or protocol-relative, is left for isBrochureUrl to judge.
 */
export function withBrochureScheme(value: string): string {
  if (value === '' || value.startsWith('//') || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value)) return value;
  return `https://${value}`;
}

/** The URL parser has already normalised the host (`0x7f.1` and `2130706433` are 127.0.0.1). */
function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    const privateOrLocal =
      a === 0 || a === 10 || a === 127 || a >= 224 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
    return !privateOrLocal;
  }
  if (host.includes(':')) {
    // IPv6: loopback, unspecified, unique-local fc00::/7, link-local fe80::/10, IPv4-mapped.
    return !(host === '::1' || host === '::' || /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host) || host.startsWith('::ffff:'));
  }
  const name = host.replace(/\.$/, '');
  if (!name.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(name);
}
