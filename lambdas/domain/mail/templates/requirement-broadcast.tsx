import { Column, Heading, Link, Row, Section, Text } from './components';
import { Fragment, type ReactNode } from 'react';
import type { Requirement } from '../../../../shared/api';
import { subscriptionCategories, subscriptionIdFor, type SubscriptionId } from '../../../../shared/catalog';
import { formatBudget, formatSqftRange } from '../../../../shared/rules';
import { env } from '../../../core/env';
import { postalAddress, profilePageUrl, renderForRecipients } from '../render';
import type { OutgoingMail } from '../send';
import { unsubscribeLinks } from '../unsubscribe';
import { brand, button, link, MailLayout, paragraph, PhoneLink, small } from './layout';

export const requirementDetailUrl = (requirementId: string) =>
  `${env().SITE_URL}/consumer/requirement/${encodeURIComponent(requirementId)}`;

export const requirementBroadcastSubject = (requirement: Pick<Requirement, 'title' | 'propertyType'>) =>
  `New ${requirement.propertyType.name} requirement: ${requirement.title}`;

const sectionHeading = { margin: '24px 0 8px', fontSize: '16px', lineHeight: '1.3', color: brand.navy } as const;
const cell = { padding: '4px 12px 4px 0', fontSize: '14px', lineHeight: '1.4', verticalAlign: 'top' } as const;
const line = { margin: '0 0 4px', fontSize: '14px', lineHeight: '1.5' } as const;

/** [label, value] rows of a section; empty values are left out. */
function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Section>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Row key={label}>
            <Column style={{ ...cell, color: brand.muted, whiteSpace: 'nowrap', width: '140px' }}>{label}</Column>
            <Column style={cell}>{value}</Column>
          </Row>
        ))}
    </Section>
  );
}

function SectionHeading({ children }: { children: string }) {
  return (
    <Heading as="h2" style={sectionHeading}>
      {children}
    </Heading>
  );
}

export interface RequirementBroadcastProps {
  requirement: Requirement;
  categoryName: string;
  detailUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
  postalAddress: string;
}

/** The requirement, its author's contact and broker details, a link to the detail page and the opt-out. */
export function RequirementBroadcastMail({ requirement, categoryName, detailUrl, profileUrl, unsubscribeUrl, postalAddress }: RequirementBroadcastProps) {
  const author = requirement.user;
  const broker = author?.brokerInfo?.name ? author.brokerInfo : null;
  const authorName = author ? `${author.firstName} ${author.lastName}`.trim() : 'A BISN broker';
  const highlights = requirement.highlights.map((h) => h.trim()).filter(Boolean);
  const description = requirement.description.trim();
  return (
    <MailLayout
      title={requirement.title}
      preheader={`${requirement.type.name} · ${requirement.propertyType.name} · ${requirement.timing}`}
      unsubscribeUrl={unsubscribeUrl}
      postalAddress={postalAddress}
    >
      <Text style={paragraph}>
        {authorName} shared a new {requirement.propertyType.name} requirement with the community.
      </Text>
      <SectionHeading>Details</SectionHeading>
      <Rows
        rows={[
          ['Requirement type', requirement.type.name],
          ['Property type', requirement.propertyType.name],
          ['Square footage', formatSqftRange(requirement.sqftMin, requirement.sqftMax)],
          ['Budget', formatBudget(requirement)],
          ['Timing', requirement.timing],
          ['Markets', requirement.markets.map((m) => m.name).join(', ')],
        ]}
      />
      {highlights.length > 0 && (
        <>
          <SectionHeading>Highlights</SectionHeading>
          <ul style={{ margin: 0, paddingLeft: '20px' }}>
            {highlights.map((highlight, i) => (
              <li key={i} style={{ fontSize: '14px', lineHeight: '1.5' }}>
                {highlight}
              </li>
            ))}
          </ul>
        </>
      )}
      {description && (
        <>
          <SectionHeading>Description / Special Instructions</SectionHeading>
          {/* The author's line breaks kept, in both parts. */}
          <Text style={line}>
            {description.split(/\r?\n/).map((text, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {text}
              </Fragment>
            ))}
          </Text>
        </>
      )}
      {author && (
        <>
          <SectionHeading>Contact Information</SectionHeading>
          <Rows
            rows={[
              ['Name', authorName],
              ['Title', author.title],
              ['Phone', author.phone && <PhoneLink phone={author.phone} />],
              ['License', author.license],
              [
                'E-mail',
                author.email && (
                  <Link href={`mailto:${author.email}`} style={link}>
                    {author.email}
                  </Link>
                ),
              ],
            ]}
          />
        </>
      )}
      {broker && (
        <>
          <SectionHeading>Broker Information</SectionHeading>
          {[broker.name, broker.address1, broker.address2].filter(Boolean).map((value, i) => (
            <Text key={i} style={line}>
              {value}
            </Text>
          ))}
        </>
      )}
      <Section style={{ margin: '24px 0' }}>
        <Link href={detailUrl} style={button}>
          View the requirement on BISN
        </Link>
      </Section>
      <Text style={small}>
        You receive this because you are subscribed to {categoryName}. You can change your subscriptions in your profile:{' '}
        <Link href={profileUrl} style={link}>
          {profileUrl}
        </Link>
      </Text>
    </MailLayout>
  );
}

export const requirementCategoryOf = (requirement: Requirement): SubscriptionId =>
  subscriptionIdFor(requirement.propertyType.propertyTypeId, 'requirements');

/**
 * The broadcast of one sent requirement, rendered once: gives each subscribed broker their mail, with
 * their own unsubscribe link and RFC 8058 headers.
 */
export async function requirementBroadcastMails(requirement: Requirement): Promise<(recipientEmail: string) => Promise<OutgoingMail>> {
  const category = subscriptionCategories.find((c) => c.id === requirementCategoryOf(requirement))!;
  const personalise = await renderForRecipients(({ unsubscribeUrl }) => (
    <RequirementBroadcastMail
      requirement={requirement}
      categoryName={category.name}
      detailUrl={requirementDetailUrl(requirement.requirementId)}
      profileUrl={profilePageUrl()}
      unsubscribeUrl={unsubscribeUrl}
      postalAddress={postalAddress()}
    />
  ));
  const subject = requirementBroadcastSubject(requirement);
  return async (recipientEmail) => {
    const { pageUrl, oneClickUrl } = await unsubscribeLinks(recipientEmail, category.id);
    return { to: recipientEmail, subject, ...personalise({ unsubscribeUrl: pageUrl }), oneClickUnsubscribeUrl: oneClickUrl };
  };
}
