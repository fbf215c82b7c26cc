/**
 * `npm run mail:preview [-- <folder>]`: every mail BISN sends, rendered with sample data to
 * <folder>/<name>.html and .txt (default .local/mail-preview), with each HTML's size; the largest blast
 * is the bench's (200 listings). Open the files in a browser, or screenshot them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ReactElement } from 'react';
import type { Requirement } from '../shared/api';
import { senderPostalAddress } from '../shared/catalog/product';

Object.assign(process.env, {
  TABLE_NAME: 'preview',
  IMAGES_BUCKET: 'preview',
  ASSET_BASE_URL: 'https://assets.bisn.example',
  SITE_URL: 'https://bisn.example',
  API_URL: 'https://bisn.example/api',
  MAIL_FROM: 'BISN <no-reply@bisn.example>',
  USER_POOL_ID: 'preview',
  UNSUBSCRIBE_SECRET: 'preview-secret-of-sixteen-chars',
  POSTAL_ADDRESS: senderPostalAddress,
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key === 'PATH')),
});

const { plainTextOf, renderMail } = await import('../lambdas/domain/mail/render');
const { ApprovalMail } = await import('../lambdas/domain/mail/templates/approval');
const { UnsubscribeConfirmationMail } = await import('../lambdas/domain/mail/templates/unsubscribe-confirmation');
const { RequirementBroadcastMail } = await import('../lambdas/domain/mail/templates/requirement-broadcast');
const { digestEntry } = await import('../lambdas/domain/mail/templates/digest-entry');
const { MatchNoticeMail } = await import('../lambdas/domain/mail/templates/match-notice');
const { PersonalDigestMail, listingDigestEntry, requirementDigestEntry } = await import('../lambdas/domain/mail/templates/personal-digest');
const { SearchAlertMail } = await import('../lambdas/domain/mail/templates/search-alert');
const { SearchPausedMail } = await import('../lambdas/domain/mail/templates/search-paused');
const { ExpiryReminderMail } = await import('../lambdas/domain/mail/templates/expiry-reminder');
const { DelegationRequestMail } = await import('../lambdas/domain/mail/templates/delegation-request');
const { codeMail } = await import('../lambdas/domain/mail/templates/code');
const { sampleListing, sampleOwner, sampleRequirement } = await import('../lib/local/mail-samples');
const { keywordsOf, matchOf } = await import('../shared/rules');

const folder = resolve(process.argv[2] ?? '.local/mail-preview');
mkdirSync(folder, { recursive: true });
const unsubscribeUrl = 'https://bisn.example/unsubscribe?token=sample';
const owner = sampleOwner();
const requirement: Requirement = sampleRequirement();
const mails: Record<string, ReactElement> = {
  approval: <ApprovalMail firstName="Dana" signInUrl="https://bisn.example/login?email=dana%40example.com" />,
  'approval-delegate': <ApprovalMail firstName="Avery" signInUrl="https://bisn.example/login?email=avery%40example.com" assisting={['Ben Carter']} />,
  'unsubscribe-confirmation': <UnsubscribeConfirmationMail pageUrl={unsubscribeUrl} />,
  'requirement-broadcast': (
    <RequirementBroadcastMail
      requirement={requirement}
      categoryName="Office Requirements"
      detailUrl="https://bisn.example/consumer/requirement/sample"
      profileUrl="https://bisn.example/consumer/profile"
      unsubscribeUrl={unsubscribeUrl}
      postalAddress={senderPostalAddress}
    />
  ),
  'match-notice': (
    <MatchNoticeMail
      firstName="Dana"
      entries={[7500, 9800].map((sqft, i) => {
        // A sample listing placed to fit the sample requirement: one within its size, one just over.
        const listing = { ...sampleListing(i), listingTypeId: 'for-lease' as const, propertyTypeId: 'office' as const, marketId: 'sac-midtown', sqft, leasePrice: 2.5 };
        const { score, reasons } = matchOf(
          { ...requirement, requirementTypeId: requirement.type.requirementTypeId, propertyTypeId: requirement.propertyType.propertyTypeId, marketIds: requirement.markets.map((m) => m.marketId), keywords: keywordsOf(requirement.highlights, requirement.description) },
          { ...listing, keywords: keywordsOf(listing.highlights, listing.description) },
        )!;
        return { side: 'requirement' as const, requirementId: requirement.requirementId, listingId: listing.listingId, requirementTitle: requirement.title, listingTitle: listing.title, score, reasons };
      })}
      matchesUrl="https://bisn.example/consumer/matches"
      profileUrl="https://bisn.example/consumer/profile"
      unsubscribeUrl={unsubscribeUrl}
      postalAddress={senderPostalAddress}
    />
  ),
  // A digest of 25 entries (the default cap) with "N more" links, an instant alert, a pause mail.
  'personal-digest': (
    <PersonalDigestMail
      firstName="Dana"
      digest={{
        shown: 25,
        groups: [
          { section: 'saved-searches', title: 'Midtown offices', moreUrl: 'https://bisn.example/consumer/listings?propertyTypeId=office&marketId=sac-midtown', entries: Array.from({ length: 5 }, (_, i) => listingDigestEntry(digestEntry(sampleListing(i), owner))), more: 0 },
          { section: 'listings', title: 'Office Listings', moreUrl: 'https://bisn.example/consumer/listings?propertyTypeId=office', entries: Array.from({ length: 19 }, (_, i) => listingDigestEntry(digestEntry(sampleListing(i + 5), owner))), more: 12 },
          { section: 'requirements', title: 'Office Requirements', moreUrl: 'https://bisn.example/consumer/requirements?propertyTypeId=office', entries: [requirementDigestEntry(requirement)], more: 3 },
        ],
      }}
      profileUrl="https://bisn.example/consumer/profile"
      savedSearchesUrl="https://bisn.example/consumer/saved-searches"
      unsubscribeUrl={unsubscribeUrl}
      postalAddress={senderPostalAddress}
    />
  ),
  'search-alert': (
    <SearchAlertMail
      firstName="Dana"
      searchName="Midtown offices"
      intro="2 new listings fit your saved search “Midtown offices”."
      entries={[0, 1].map((i) => listingDigestEntry(digestEntry(sampleListing(i), owner)))}
      browseUrl="https://bisn.example/consumer/listings?propertyTypeId=office&marketId=sac-midtown"
      savedSearchesUrl="https://bisn.example/consumer/saved-searches"
      unsubscribeUrl={unsubscribeUrl}
      postalAddress={senderPostalAddress}
    />
  ),
  'search-paused': (
    <SearchPausedMail
      firstName="Dana"
      searchName="Midtown offices"
      reason="no-engagement-30-days"
      keepUrl="https://bisn.example/consumer/saved-searches?keep=sample"
      unsubscribeUrl={unsubscribeUrl}
      postalAddress={senderPostalAddress}
    />
  ),
  'expiry-reminder-requirement': (
    <ExpiryReminderMail
      kind="requirement"
      firstName="Dana"
      title={requirement.title}
      daysLeft={7}
      expiresAt="2027-03-01T20:00:00.000Z"
      renewUrl="https://bisn.example/renew?token=sample"
      itemUrl="https://bisn.example/consumer/requirement/sample"
      postalAddress={senderPostalAddress}
    />
  ),
  'expiry-reminder-listing': (
    <ExpiryReminderMail
      kind="listing"
      firstName="Dana"
      title={sampleListing(0).title}
      daysLeft={30}
      expiresAt="2027-04-15T20:00:00.000Z"
      renewUrl="https://bisn.example/renew?token=sample"
      itemUrl="https://bisn.example/consumer/listing/sample"
      postalAddress={senderPostalAddress}
    />
  ),
  'delegation-request': <DelegationRequestMail firstName="Dana" delegateName="Avery Chen" delegateEmail="avery@example.com" profileUrl="https://bisn.example/consumer/profile" />,
};
// Cognito's code mails (rendered as the local stack sends them; deployed, with Cognito's placeholders).
const codeMails = {
  'code-verification': codeMail('verification', '482913'),
  'code-reset': codeMail('reset', '482913'),
  'code-temporary': codeMail('temporary', 'Temp!2345pass', 'dana@example.com'),
};
const rendered = [
  ...(await Promise.all(Object.entries(mails).map(async ([name, element]) => [name, await renderMail(element)] as const))),
  ...Object.entries(codeMails).map(([name, { html }]) => [name, { html, text: plainTextOf(html) }] as const),
];
for (const [name, { html, text }] of rendered) {
  writeFileSync(join(folder, `${name}.html`), html);
  writeFileSync(join(folder, `${name}.txt`), text);
  console.log(`${join(folder, `${name}.html`)}  ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB HTML (+ .txt)`);
}
