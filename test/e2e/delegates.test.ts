import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, signIn as signInByApi } from '../../lib/local/testing';
import { demoLogin, DESKTOP, e2e, expectConsole, newBroker, openBrowser, PHONE, readMail, runJob, screenshot, seriousA11yViolations, signIn, stackRef } from './support';

/**
 * Delegates end to end, in three browsers: a new account asks (Profile → Delegates) to be a broker's
 * delegate, the broker confirms in their profile, the operator approves on the Operators page; the delegate
 * picks the broker in the header and posts a listing, which shows under the broker's name and says who
 * made it; the broker revokes, and the delegate's next edit is refused with the reason.
 */
type Browser = Awaited<ReturnType<typeof openBrowser>>;
const PASSWORD = 'Delegate!2026';

let delegateBrowser: Browser;
let brokerBrowser: Browser;
let operatorBrowser: Browser;

/** The screen at desktop and phone width: test-results/screenshots/delegates-<name>-{desktop,phone}.png. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.locator('header nav[aria-label="Account"] :is(a, button)').first().waitFor();
  await screenshot(page, `delegates-${name}-desktop`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `delegates-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** The rest of the draft as the editor saves it, its photo and the publish, as the delegate working for the owner (domain calls). */
async function completeAndPublish(listingId: string, owner: { userId: string; email: string }, delegate: { userId: string; name: string }) {
  Object.assign(process.env, e2e().env);
  const { listingsRepository, versionOf } = await import('../../lambdas/data/listings');
  const { publishListing, updateListing } = await import('../../lambdas/domain/listings');
  const { finaliseListingImage } = await import('../../lambdas/domain/listings-images');
  const { listingDraft } = await import('../../shared/api');
  const { validDraft } = await import('../fixtures/inputs');
  const { propertyPhotoJpeg, stageUpload } = await import('../../lib/local/seed/images');
  const principal = { sub: owner.userId, email: owner.email, isOperator: false, groups: [], delegate };
  const current = (await listingsRepository.get(listingId))!;
  await updateListing(principal, listingId, { ...listingDraft.parse(validDraft({ title: 'Assistant-posted Natomas flex' })), version: versionOf(current) });
  await finaliseListingImage(principal, listingId, await stageUpload(`listings/${listingId}`, await propertyPhotoJpeg('Natomas flex', '#0e7490')));
  await publishListing(principal, listingId);
  await runJob('blast');
}

beforeAll(async () => {
  [delegateBrowser, brokerBrowser, operatorBrowser] = await Promise.all([openBrowser(DESKTOP), openBrowser(DESKTOP), openBrowser(DESKTOP)]);
});
afterAll(async () => {
  await Promise.all([delegateBrowser?.dispose(), brokerBrowser?.dispose(), operatorBrowser?.dispose()]);
});

describe('delegates', () => {
  it('asks, is confirmed and approved, posts for the broker under their name, and is refused at once once revoked', async () => {
    const broker = await newBroker('principal', { approved: true, password: PASSWORD });
    const email = `assistant-${randomUUID().slice(0, 8)}@example.com`;
    const delegateId = await createConfirmedUser(stackRef(), { email, password: PASSWORD, firstName: 'Dana', lastName: 'Delegate' });

    // The new account asks from its profile; the dashboard says what it waits for.
    const delegatePage = await delegateBrowser.newPage();
    await signIn(delegatePage, { email, password: PASSWORD });
    await delegatePage.goto('/consumer/profile');
    await delegatePage.getByLabel('Ask to be the delegate of the broker with the e-mail').fill(broker.email);
    await delegatePage.getByRole('button', { name: 'Ask', exact: true }).click();
    await delegatePage.getByText('Waiting for Riley Requirer to confirm your request.').waitFor();
    await delegatePage.goto('/consumer/dashboard');
    await delegatePage.getByTestId('delegation-notice').getByText('Waiting for Riley Requirer to confirm your request.').waitFor();
    await shoot(delegatePage, 'asked');

    // The broker confirms in their profile.
    const brokerPage = await brokerBrowser.newPage();
    await signIn(brokerPage, broker);
    await brokerPage.getByTestId('delegation-notice').getByText('Dana Delegate asked to be your delegate.').waitFor();
    // The broker was told by e-mail too, with a link to where they answer.
    const told = (await readMail()).filter((m) => m.to.includes(broker.email) && m.subject === 'Dana Delegate asked to be your delegate on BISN');
    expect(told).toHaveLength(1);
    const answerAt = /Confirm or decline (\S+)/.exec(told[0]!.text ?? '')?.[1] ?? '';
    expect(new URL(answerAt).pathname).toBe('/consumer/profile');
    await brokerPage.goto(new URL(answerAt).pathname);
    await brokerPage.getByRole('button', { name: 'Confirm Dana Delegate as your delegate' }).click();
    await brokerPage.getByText('Awaiting an operator').waitFor();
    await shoot(brokerPage, 'confirmed');
    expect(await seriousA11yViolations(brokerPage)).toEqual([]);

    await delegatePage.reload();
    await delegatePage.getByText('Riley Requirer confirmed. Waiting for an operator to approve you as their delegate.').waitFor();

    // The operator approves the account as the broker's delegate.
    const operatorPage = await operatorBrowser.newPage();
    await signIn(operatorPage, demoLogin('operator'));
    await operatorPage.goto('/consumer/operators');
    await operatorPage.getByRole('tab', { name: 'Delegates' }).click();
    const row = operatorPage.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    await shoot(operatorPage, 'operator-queue');
    expect(await seriousA11yViolations(operatorPage)).toEqual([]);
    // On a phone the queue is a card per delegation, whole on screen: nothing scrolls sideways.
    await operatorPage.setViewportSize(PHONE);
    const card = operatorPage.getByRole('list', { name: 'Delegates awaiting approval' }).getByRole('listitem').filter({ hasText: email });
    await card.getByText('For Riley Requirer').waitFor();
    await card.getByRole('button', { name: 'Approve Dana Delegate as a delegate' }).waitFor();
    expect(await operatorPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await operatorPage.setViewportSize(DESKTOP);
    await row.getByRole('button', { name: 'Approve Dana Delegate as a delegate' }).click();
    await operatorPage.getByText("Dana Delegate is approved as Riley Requirer's delegate.").waitFor();
    await row.waitFor({ state: 'detached' });

    // The delegate picks the broker in the header and creates a listing on My Listings.
    await delegatePage.goto('/consumer/dashboard');
    const workingFor = delegatePage.getByRole('combobox', { name: 'Working for' });
    await workingFor.waitFor();
    await workingFor.selectOption(broker.userId);
    await delegatePage.getByText('Working for Riley Requirer').waitFor();
    await shoot(delegatePage, 'working-for');
    await delegatePage.goto('/consumer/my-listings');
    await delegatePage.getByRole('heading', { name: 'My Listings' }).waitFor({ timeout: 90_000 });
    await delegatePage.getByRole('button', { name: 'Create New Listing' }).click();
    const drawer = delegatePage.getByRole('dialog', { name: 'New Listing' });
    await drawer.waitFor();
    await delegatePage.waitForURL(/edit=/);
    const listingId = new URL(delegatePage.url()).searchParams.get('edit')!;
    // A draft closed with a title is kept (an empty one is not).
    await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill('Natomas flex');
    await delegatePage.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await delegatePage.getByRole('row', { name: /Natomas flex/ }).waitFor();
    await completeAndPublish(listingId, broker, { userId: delegateId, name: 'Dana Delegate' });

    // Under the broker's name and card, to anyone.
    const { idToken } = await signInByApi(stackRef(), demoLogin('broker').email, demoLogin('broker').password);
    const seen = (await (await fetch(`${e2e().apiUrl}/listing/${listingId}`, { headers: { authorization: `Bearer ${idToken}` } })).json()) as {
      listing: { userId: string; user: { firstName: string; lastName: string }; history?: unknown };
    };
    expect(seen.listing).toMatchObject({ userId: broker.userId, user: { firstName: 'Riley', lastName: 'Requirer' } });
    expect(seen.listing.history).toBeUndefined();
    await delegatePage.goto(`/consumer/listing/${listingId}`);
    await delegatePage.getByRole('heading', { name: 'Assistant-posted Natomas flex' }).waitFor();
    await delegatePage.locator('main').getByText('Riley Requirer').first().waitFor();
    await delegatePage.locator('main').getByText('Delta Commercial').first().waitFor();
    await shoot(delegatePage, 'listing');

    // The owner sees who did it: in My Listings and on the listing's history.
    await brokerPage.goto('/consumer/my-listings');
    await brokerPage.getByRole('cell', { name: /published by Dana Delegate on/ }).waitFor();
    await shoot(brokerPage, 'my-listings');
    await brokerPage.goto(`/consumer/listing/${listingId}`);
    await brokerPage.getByText(/History: published by Dana Delegate/).click();
    await brokerPage.getByRole('list', { name: 'Changes, newest first' }).getByText(/created by Dana Delegate/).waitFor();
    await shoot(brokerPage, 'history');

    // The broker revokes; the delegate's next edit is refused with the reason.
    await brokerPage.goto('/consumer/profile');
    await brokerPage.getByRole('button', { name: 'Revoke Dana Delegate' }).click();
    await brokerPage.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await brokerPage.getByText('Revoked', { exact: true }).waitFor();

    expectConsole(/status of 403/);
    await delegatePage.goto('/consumer/my-listings');
    await delegatePage.getByRole('heading', { name: 'My Listings' }).waitFor();
    await delegatePage.getByRole('button', { name: 'Create New Listing' }).click();
    const refusal = 'Riley Requirer has revoked your access as their delegate. Contact them if this is a mistake.';
    await delegatePage.getByText(refusal).first().waitFor();
    await shoot(delegatePage, 'revoked');
  }, 300_000);
});
