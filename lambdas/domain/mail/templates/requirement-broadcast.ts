import type { Requirement } from '../../../../shared/api';
import { subscriptionCategories, subscriptionIdFor } from '../../../../shared/catalog';
import { formatPhone, formatSqftRange } from '../../../../shared/rules';
import { env } from '../../../core/env';
import { escapeHtml, layout, textLayout } from '../layout';
import type { OutgoingMail } from '../send';
import { unsubscribeLinks } from '../unsubscribe';

export const requirementDetailUrl = (requirementId: string) =>
  `${env().SITE_URL}/consumer/requirement/${encodeURIComponent(requirementId)}`;

export const requirementBroadcastSubject = (requirement: Pick<Requirement, 'title' | 'propertyType'>) =>
  `New ${requirement.propertyType.name} requirement: ${requirement.title}`;

const P = 'margin:0 0 12px;font-size:15px;line-height:1.5';
const H2 = 'margin:24px 0 8px;font-size:16px;line-height:1.3;color:#0f3d56';
const CELL = 'padding:4px 12px 4px 0;font-size:14px;line-height:1.4;vertical-align:top';

/** Text with the author's line breaks kept, safe for HTML. */
const multiline = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

interface Section {
  heading: string;
  /** [label, value] rows; empty values are left out. */
  rows?: [string, string][];
  lines?: string[];
  bullets?: string[];
  email?: string;
}

/** What the mail says, once; rendered to HTML and to plain text below. */
function sectionsOf(requirement: Requirement): Section[] {
  const author = requirement.user;
  const broker = author?.brokerInfo?.name ? author.brokerInfo : null;
  const sections: Section[] = [
    {
      heading: 'Details',
      rows: [
        ['Requirement type', requirement.type.name],
        ['Property type', requirement.propertyType.name],
        ['Square footage', formatSqftRange(requirement.sqftMin, requirement.sqftMax)],
        ['Timing', requirement.timing],
        ['Markets', requirement.markets.map((m) => m.name).join(', ')],
      ],
    },
  ];
  const highlights = requirement.highlights.map((h) => h.trim()).filter(Boolean);
  if (highlights.length) sections.push({ heading: 'Highlights', bullets: highlights });
  if (requirement.description.trim()) {
    sections.push({ heading: 'Description / Special Instructions', lines: [requirement.description.trim()] });
  }
  if (author) {
    sections.push({
      heading: 'Contact Information',
      rows: [
        ['Name', `${author.firstName} ${author.lastName}`.trim()],
        ['Title', author.title],
        ['Phone', formatPhone(author.phone)],
        ['License', author.license],
      ],
      email: author.email,
    });
  }
  if (broker) {
    sections.push({ heading: 'Broker Information', lines: [broker.name, broker.address1, broker.address2].filter(Boolean) });
  }
  return sections;
}

function sectionHtml(section: Section): string {
  const parts = [`<h2 style="${H2}">${escapeHtml(section.heading)}</h2>`];
  const rows = (section.rows ?? []).filter(([, value]) => value);
  if (section.email) rows.push(['E-mail', section.email]);
  if (rows.length) {
    const body = rows
      .map(([label, value]) => {
        const shown =
          label === 'E-mail'
            ? `<a href="mailto:${escapeHtml(value)}" style="color:#0f3d56">${escapeHtml(value)}</a>`
            : escapeHtml(value);
        return `<tr><td style="${CELL};color:#475569;white-space:nowrap">${escapeHtml(label)}</td><td style="${CELL}">${shown}</td></tr>`;
      })
      .join('');
    parts.push(`<table role="presentation" cellspacing="0" cellpadding="0">${body}</table>`);
  }
  if (section.bullets) {
    parts.push(
      `<ul style="margin:0;padding-left:20px">${section.bullets.map((b) => `<li style="font-size:14px;line-height:1.5">${escapeHtml(b)}</li>`).join('')}</ul>`,
    );
  }
  for (const line of section.lines ?? []) parts.push(`<p style="margin:0 0 4px;font-size:14px;line-height:1.5">${multiline(line)}</p>`);
  return parts.join('\n');
}

function sectionText(section: Section): string {
  const rows = (section.rows ?? []).filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  if (section.email) rows.push(`E-mail: ${section.email}`);
  const bullets = (section.bullets ?? []).map((b) => `- ${b}`);
  return [section.heading.toUpperCase(), ...rows, ...bullets, ...(section.lines ?? [])].join('\n');
}

/**
 * The broadcast of one sent requirement to one subscribed broker: the requirement, its author's contact
 * and broker details, a link to the detail page, and the unsubscribe (visible link + RFC 8058 headers).
 */
export async function requirementBroadcastMail(requirement: Requirement, recipientEmail: string): Promise<OutgoingMail> {
  const detailUrl = requirementDetailUrl(requirement.requirementId);
  const { pageUrl, oneClickUrl } = await unsubscribeLinks(recipientEmail);
  const category = subscriptionCategories.find(
    (c) => c.id === subscriptionIdFor(requirement.propertyType.propertyTypeId, 'requirements'),
  )!;
  const author = requirement.user ? `${requirement.user.firstName} ${requirement.user.lastName}`.trim() : 'A BISN broker';
  const intro = `${author} shared a new ${requirement.propertyType.name} requirement with the community.`;
  const profileUrl = `${env().SITE_URL}/consumer/profile`;
  const why = `You receive this because you are subscribed to ${category.name}. You can change your subscriptions in your profile`;
  const sections = sectionsOf(requirement);

  const html = layout({
    title: requirement.title,
    preheader: `${requirement.type.name} · ${requirement.propertyType.name} · ${requirement.timing}`,
    bodyHtml: [
      `<p style="${P}">${escapeHtml(intro)}</p>`,
      ...sections.map(sectionHtml),
      `<p style="margin:24px 0"><a href="${escapeHtml(detailUrl)}" style="display:inline-block;background:#0f3d56;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">View the requirement on BISN</a></p>`,
      `<p style="margin:0;font-size:12px;line-height:1.5;color:#475569">${escapeHtml(why)}: <a href="${escapeHtml(profileUrl)}" style="color:#0f3d56">${escapeHtml(profileUrl)}</a></p>`,
    ].join('\n'),
    unsubscribeUrl: pageUrl,
  });
  const text = textLayout({
    title: requirement.title,
    bodyText: [intro, ...sections.map(sectionText), `View the requirement: ${detailUrl}`, `${why}: ${profileUrl}`].join('\n\n'),
    unsubscribeUrl: pageUrl,
  });
  return { to: recipientEmail, subject: requirementBroadcastSubject(requirement), html, text, oneClickUnsubscribeUrl: oneClickUrl };
}
