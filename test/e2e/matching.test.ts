import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, DESKTOP, newBroker, openBrowser, PHONE, publishListingAs, readMail, screenshot, seriousA11yViolations, signIn, until } from './support';

/**
 * Matching in Chromium against the whole local stack: broker A's requirement is sent, broker B's fitting
 * listing goes out in the blast; A finds it on Matches with its reasons, B finds A's requirement with A's
 * contact card, and each gets the private notice (the stack's scheduler runs the notice job every few
 * seconds). Screenshots: test-results/screenshots/matches-*.png.
 */

type Broker = Awaited<ReturnType<typeof newBroker>>;
const stamp = Date.now().toString(36);
const requirementTitle = `E2E restoration studio ${stamp}`;
const listingTitle = `E2E Shingle Springs workshop ${stamp}`;


/** B's listing, fitting A's requirement, published through the blast. */
const publishFittingListing = (owner: Broker) =>
  publishListingAs(owner, {
    title: listingTitle,
    listingTypeId: 'for-lease',
    propertyTypeId: 'speciality',
    marketId: 'eldorado-shingle-springs',
    sqft: 1500,
    leasePrice: 1.75,
    leaseFrequencyId: 'monthly',
    leaseTypeId: 'nnn',
    address1: '4100 Mother Lode Drive',
    city: 'Shingle Springs',
    state: 'CA',
    zipCode: '95682',
    description: 'Workshop with a paint booth and a roll-up door.',
    highlights: ['Paint booth', 'Roll-up door'],
  });

describe('matching, end to end', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let seeker: Broker;
  let lister: Broker;
  let requirementId: string;
  let listingId: string;

  beforeAll(async () => {
    [seeker, lister] = await Promise.all([
      newBroker('seeker', { approved: true, password: 'Seeker!2345pass' }),
      newBroker('lister', { approved: true, password: 'Lister!2345pass' }),
    ]);
    const { requirement } = await apiAs<{ requirement: { requirementId: string } }>(seeker, 'POST', '/requirement', {
      requirementTypeId: 'for-lease',
      propertyTypeId: 'speciality',
      marketIds: ['eldorado-shingle-springs', 'eldorado-cameron-park'],
      title: requirementTitle,
      timing: 'Spring 2027',
      sqftMin: 1200,
      sqftMax: 2000,
      maxLeaseRate: 2,
      maxLeaseFrequencyId: 'monthly',
      description: 'Classic car restorer needs a paint booth.',
      highlights: ['Paint booth', 'Roll-up door'],
    });
    requirementId = requirement.requirementId;
    await until('the requirement is sent', async () => {
      const { requirement: read } = await apiAs<{ requirement: { status: string } }>(seeker, 'GET', `/requirement/${requirementId}`);
      return read.status === 'sent';
    });
    listingId = await publishFittingListing(lister);
    browser = await openBrowser(DESKTOP);
  }, 120_000);
  afterAll(async () => browser?.dispose());

  it('A finds the listing on Matches with its reasons, ranked, linked', async () => {
    const page = await browser.newPage();
    await signIn(page, seeker);
    await page.getByRole('link', { name: 'Matches' }).first().click();
    await page.waitForURL('**/consumer/matches');
    const group = page.getByRole('region', { name: requirementTitle }).or(page.locator('section', { hasText: requirementTitle })).first();
    await group.getByRole('link', { name: listingTitle }).waitFor();
    const text = await group.innerText();
    expect(text).toContain('Score 100');
    for (const reason of ['For Lease — as required', 'Shingle Springs — in the requirement\'s markets', '1,500 sf — within 1,200–2,000 sf', '$1.75 per sqft / Monthly — within the maximum of $2 per sqft / Monthly']) {
      expect(text).toContain(reason);
    }
    expect(await group.getByRole('link', { name: listingTitle }).getAttribute('href')).toBe(`/consumer/listing/${listingId}`);
    await screenshot(page, 'matches-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'matches-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it('B finds the requirement with A\'s contact card', async () => {
    const own = await openBrowser(DESKTOP);
    const page = await own.newPage();
    await signIn(page, lister);
    await page.goto('/consumer/matches');
    const group = page.getByRole('region', { name: listingTitle }).or(page.locator('section', { hasText: listingTitle })).first();
    await group.getByRole('link', { name: requirementTitle }).waitFor();
    const text = await group.innerText();
    expect(text).toContain('Riley Requirer');
    expect(text).toContain(seeker.email);
    await screenshot(page, 'matches-listing-side-desktop');
    await own.dispose();
  });

  it('both brokers get one private notice with the reasons and the links; nobody else', async () => {
    const notices = await until('both notices', async () => {
      const mails = (await readMail()).filter((m) => m.subject === 'A new match on BISN' && (m.to.includes(seeker.email) || m.to.includes(lister.email)));
      return mails.length >= 2 && mails;
    });
    expect(notices.map((m) => m.to[0]).sort()).toEqual([seeker.email, lister.email].sort());
    const toSeeker = notices.find((m) => m.to.includes(seeker.email))!;
    expect(toSeeker.html).toContain(`/consumer/listing/${listingId}`);
    expect(toSeeker.text).toContain('✓ 1,500 sf — within 1,200–2,000 sf');
    const toLister = notices.find((m) => m.to.includes(lister.email))!;
    expect(toLister.html).toContain(`/consumer/requirement/${requirementId}`);
    // Nobody else is told of this match.
    const others = (await readMail()).filter((m) => /new match/.test(m.subject) && (m.html ?? '').includes(listingId) && !m.to.includes(seeker.email) && !m.to.includes(lister.email));
    expect(others).toEqual([]);
  });
});
