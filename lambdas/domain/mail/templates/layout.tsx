import { Body, Container, Head, Heading, Html, Link, Preview, Section, Text } from './components';
import type { CSSProperties, ReactNode } from 'react';
import { formatPhone, phoneHref } from '../../../../shared/rules';

/** BISN's mail colours, as the site's header and footer. */
export const brand = { ink: '#0f172a', navy: '#0f3d56', muted: '#475569', body: '#334155', line: '#e2e8f0', page: '#f1f5f9', foot: '#f8fafc' };

export const paragraph: CSSProperties = { margin: '0 0 12px', fontSize: '15px', lineHeight: '1.5' };
export const small: CSSProperties = { margin: '0', fontSize: '12px', lineHeight: '1.5', color: brand.muted };
export const link: CSSProperties = { color: brand.navy };
export const button: CSSProperties = {
  display: 'inline-block',
  background: brand.navy,
  color: '#ffffff',
  textDecoration: 'none',
  fontWeight: 600,
  padding: '12px 20px',
  borderRadius: '6px',
};

/** A phone as the site shows it, a `tel:` link where it is a number a phone can dial. */
export function PhoneLink({ phone }: { phone: string }) {
  const href = phoneHref(phone);
  // Kept on one line: a number broken at its dash reads as two.
  return href ? (
    <a href={href} style={{ ...link, whiteSpace: 'nowrap' }}>
      {formatPhone(phone)}
    </a>
  ) : (
    <>{formatPhone(phone)}</>
  );
}

export interface MailLayoutProps {
  title: string;
  /** The inbox preview line. */
  preheader: string;
  children: ReactNode;
  /** The visible opt-out of a broadcast (its RFC 8058 headers are set by sendMail). */
  unsubscribeUrl?: string;
  /** The sender's postal address: every mail about listings or requirements carries it (CAN-SPAM). */
  postalAddress?: string;
}

/** The one e-mail frame: a 600 px card with the BISN bar, the title, the body and the footer. */
export function MailLayout({ title, preheader, children, unsubscribeUrl, postalAddress }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        {/* Without it phones lay the mail out 980 px wide and shrink it. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </Head>
      <Preview>{preheader}</Preview>
      <Body style={{ margin: 0, padding: '24px 12px', background: brand.page, fontFamily: '-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif', color: brand.ink }}>
        <Container style={{ maxWidth: '600px', width: '100%', background: '#ffffff', borderRadius: '8px', overflow: 'hidden' }}>
          <Section style={{ background: brand.navy, padding: '16px 24px', color: '#ffffff', fontSize: '22px', fontWeight: 800, letterSpacing: '2px' }}>
            BISN
          </Section>
          <Section style={{ padding: '24px' }}>
            <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '20px', lineHeight: '1.3' }}>
              {title}
            </Heading>
            {children}
          </Section>
          <Section style={{ padding: '16px 24px', background: brand.foot }}>
            <Text style={small}>You receive this because you are a member of BISN, the Sacramento-region broker network.</Text>
            {unsubscribeUrl && (
              <Text style={small}>
                <Link href={unsubscribeUrl} style={link}>
                  Unsubscribe from these e-mails
                </Link>
              </Text>
            )}
            {postalAddress && <Text style={small}>{postalAddress}</Text>}
            <Text style={small}>© {new Date().getFullYear()} BISN</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
