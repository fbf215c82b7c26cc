import { Heading, Html, Link, Text } from '../../../lambdas/domain/mail/templates/components';
import { createElement as h } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useMailEnv } from './mail-env';

beforeAll(() => useMailEnv());
afterEach(() => useMailEnv());

const render = () => import('../../../lambdas/domain/mail/render');

describe('mail rendering', () => {
  it('renders HTML and a plain text that keeps the case of headings', async () => {
    const { renderMail } = await render();
    const { html, text } = await renderMail(
      h(Html, null, h(Heading, { as: 'h1' }, 'Office near Midtown'), h(Heading, { as: 'h2' }, 'Details'), h(Text, null, 'Body text')),
    );
    expect(html).toContain('<h1');
    expect(html).toContain('Office near Midtown</h1>');
    expect(text).toContain('Office near Midtown');
    expect(text).toContain('Details');
    expect(text).not.toContain('OFFICE NEAR MIDTOWN');
    expect(text).not.toContain('DETAILS');
    expect(text).toContain('Body text');
    expect(text).not.toContain('<');
  });

  it('requires the postal address (CAN-SPAM) for mail about listings or requirements', async () => {
    const { postalAddress } = await render();
    expect(postalAddress()).toBe('BISN, 1 Test Street, Sacramento, CA 95814');
    useMailEnv({ POSTAL_ADDRESS: undefined });
    expect(() => postalAddress()).toThrow('POSTAL_ADDRESS is required to send mail about listings or requirements');
  });

  it('renders once and gives each recipient their own link in both parts', async () => {
    const { renderForRecipients } = await render();
    const seen: string[] = [];
    const personalise = await renderForRecipients(({ unsubscribeUrl: url }) => {
      seen.push(url);
      return h(Html, null, h(Text, null, 'Hello'), h(Link, { href: url }, url), h(Text, null, `Again: ${url}`));
    });
    const ana = personalise({ unsubscribeUrl: 'http://site.test/unsubscribe?token=YW5h.listings.a-b_c%3D~' });
    const bo = personalise({ unsubscribeUrl: 'https://site.test:8443/unsubscribe?token=Ym8.sig' });
    expect(seen).toHaveLength(1);
    expect(ana.html).toContain('href="http://site.test/unsubscribe?token=YW5h.listings.a-b_c%3D~"');
    expect(ana.text.split('http://site.test/unsubscribe?token=YW5h.listings.a-b_c%3D~').length).toBe(3);
    expect(ana.html).not.toContain('recipient.invalid');
    expect(ana.text).not.toContain('recipient.invalid');
    expect(bo.html).toContain('href="https://site.test:8443/unsubscribe?token=Ym8.sig"');
    expect(bo.html).not.toContain('YW5h');
  });

  it('gives each recipient their first name, escaped in the HTML as React escapes it', async () => {
    const { renderForRecipients, renderMail } = await render();
    const mail = ({ firstName, unsubscribeUrl }: { firstName: string; unsubscribeUrl: string }) =>
      h(Html, null, h(Text, null, `Hi ${firstName},`), h(Link, { href: unsubscribeUrl }, 'Unsubscribe'));
    const personalise = await renderForRecipients(mail);
    for (const firstName of ['Ana', `O'Brien <b>& "Sons"`]) {
      const unsubscribeUrl = 'http://site.test/unsubscribe?token=x';
      expect(personalise({ unsubscribeUrl, firstName })).toEqual(await renderMail(mail({ firstName, unsubscribeUrl })));
    }
  });

  it('refuses a link with characters HTML or text would need escaped', async () => {
    const { renderForRecipients } = await render();
    const personalise = await renderForRecipients(({ unsubscribeUrl: url }) => h(Html, null, h(Link, { href: url }, url)));
    for (const url of [
      'http://site.test/unsubscribe?token=a"onclick=b',
      'http://site.test/unsubscribe?token=a<b',
      'http://site.test/unsubscribe?token=a&b=c',
      'http://site.test/un subscribe',
      'javascript:alert(1)',
      'ftp://site.test/unsubscribe',
      'xhttp://site.test/unsubscribe',
      'http://site.test/unsubscribe\n<b>',
      'http://',
    ]) {
      expect(() => personalise({ unsubscribeUrl: url }), url).toThrow(`unsubscribe link with unexpected characters: ${url}`);
    }
  });
});
