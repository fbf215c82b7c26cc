import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MB } from '@shared/api/schemas/images';
import { listingTypeHint } from '@/features/listings/editor/sections/header-section';
import { abandonConfirmText, notPublishedText, publishConfirmText } from '@/features/listings/editor/listing-editor';
import { fakeListingsApi, renderEditor, testImage, testListing } from './listing-backend';
import { openedDialog } from '../support/dialog';

/** The first API call imports Amplify, which takes a few seconds in a cold test worker. */
const loaded = { timeout: 15_000 };

async function pick(label: RegExp, option: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const indicator = (name: string) =>
  within(screen.getByRole('list', { name: 'Ready to publish' }))
    .getByText(name)
    .closest('li')!;

/** Everything but the photo and the description: five of the seven flags hold. */
const almostComplete = {
  title: 'Midtown office condo',
  listingTypeId: 'for-sale-user' as const,
  propertyTypeId: 'office' as const,
  marketId: 'sac-midtown' as const,
  address1: '1801 L St',
  city: 'Sacramento',
  state: 'CA' as const,
  zipCode: '95811',
};

describe('listing editor: sale and lease sections', { timeout: 30_000 }, () => {
  it('shows the hint and no price fields until a listing type is chosen', async () => {
    await fakeListingsApi(testListing());
    renderEditor();
    expect(await screen.findByText(listingTypeHint, {}, loaded)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Sales Price/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Lease Rate/)).not.toBeInTheDocument();
  });

  it('shows the sale fields for a Sale type, the lease fields for Lease, and both for Sale or Lease', async () => {
    await fakeListingsApi(testListing());
    renderEditor();
    await screen.findByText(listingTypeHint, {}, loaded);

    await pick(/^Listing Type/, 'For Sale - User');
    expect(screen.queryByText(listingTypeHint)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Square Footage/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Sales Price/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Lease Rate/)).not.toBeInTheDocument();

    await pick(/^Listing Type/, 'For Lease');
    expect(screen.queryByLabelText(/^Sales Price/)).not.toBeInTheDocument();
    for (const label of [/^Lease Rate/, /^Min Sqft/, /^Max Sqft/]) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Lease Frequency/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Lease Type/ })).toBeInTheDocument();

    await pick(/^Listing Type/, 'For Sale or Lease');
    expect(screen.getByLabelText(/^Sales Price/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Lease Rate/)).toBeInTheDocument();
  });

  it('keeps digits only in sqft with thousands separators, and turns a price into a number on blur', async () => {
    await fakeListingsApi(testListing({ listingTypeId: 'for-sale-or-lease' }));
    renderEditor();
    const sqft = await screen.findByLabelText(/^Square Footage/, {}, loaded);

    await userEvent.type(sqft, '12a5x00');
    expect(sqft).toHaveValue('12,500');

    const price = screen.getByLabelText(/^Sales Price/);
    await userEvent.type(price, '1,250,000.5.0x');
    expect(price).toHaveValue('1250000.50');
    fireEvent.blur(price);
    expect(price).toHaveValue('1250000.5');
  });

  it('asks for the lease frequency and lease type of a lease listing', async () => {
    await fakeListingsApi(testListing({ listingTypeId: 'for-lease' }));
    renderEditor();
    await screen.findByLabelText(/^Lease Rate/, {}, loaded);

    await userEvent.click(screen.getByRole('button', { name: /Save Draft/ }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();

    // Publish validates every field; its button waits for the seven flags, so check the messages on blur.
    fireEvent.blur(screen.getByRole('combobox', { name: /^Lease Frequency/ }));
    expect(await screen.findByText('You must select a lease frequency.')).toBeInTheDocument();
    fireEvent.blur(screen.getByRole('combobox', { name: /^Lease Type/ }));
    expect(await screen.findByText('You must select a lease type and lease frequency.')).toBeInTheDocument();
  });

  it('shows the spec messages under fields', async () => {
    await fakeListingsApi(testListing());
    renderEditor();
    const title = await screen.findByLabelText(/^Title/, {}, loaded);

    fireEvent.blur(title);
    expect(await screen.findByText('Title cannot be empty.')).toBeInTheDocument();
    for (const [label, message] of [
      [/^Street Address/, 'Street address is required.'],
      [/^City/, 'City is required.'],
      [/^ZIP Code/, 'ZIP code is required.'],
      [/^Description/, 'Description is required.'],
    ] as const) {
      fireEvent.blur(screen.getByLabelText(label));
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    const brochure = screen.getByLabelText(/^Brochure URL/);
    await userEvent.type(brochure, 'not a link');
    fireEvent.blur(brochure);
    expect(await screen.findByText('Please enter a valid URL.')).toBeInTheDocument();
  });
});

describe('listing editor: completeness and actions', { timeout: 30_000 }, () => {
  it('turns each indicator green as its field is filled, and enables Publish only when all seven hold', async () => {
    await fakeListingsApi(testListing());
    renderEditor();
    await screen.findByLabelText(/^Title/, {}, loaded);
    const publish = screen.getByRole('button', { name: 'Publish Listing' });

    expect(indicator('Title')).toHaveAttribute('data-complete', 'false');
    fill(/^Title/, 'Midtown office condo');
    expect(indicator('Title')).toHaveAttribute('data-complete', 'true');
    expect(indicator('Listing Image')).toHaveAttribute('data-complete', 'false');
    expect(publish).toBeDisabled();

    fill(/^Description/, '   ');
    expect(indicator('Description')).toHaveAttribute('data-complete', 'false');
    fill(/^Description/, 'Corner unit.');
    expect(indicator('Description')).toHaveAttribute('data-complete', 'true');
    fill(/^Street Address/, '1801 L St');
    fill(/^City/, 'Sacramento');
    fill(/^ZIP Code/, '95811');
    expect(indicator('Address')).toHaveAttribute('data-complete', 'false');
    await pick(/^State/, 'CA');
    expect(indicator('Address')).toHaveAttribute('data-complete', 'true');
    await pick(/^Market/, 'Midtown');
    expect(indicator('Market')).toHaveAttribute('data-complete', 'true');
    await pick(/^Property Type/, 'Office');
    await pick(/^Listing Type/, 'For Lease');
    expect(indicator('Property Type')).toHaveAttribute('data-complete', 'true');
    expect(indicator('Listing Type')).toHaveAttribute('data-complete', 'true');
    expect(publish).toBeDisabled();
  });

  it('publishes a complete draft after its confirmation: saves first, then publishes, then closes', async () => {
    const api = await fakeListingsApi(testListing({ ...almostComplete, images: [testImage] }));
    const { onClose } = renderEditor();
    await screen.findByLabelText(/^Description/, {}, loaded);
    expect(screen.getByText(notPublishedText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish Listing' })).toBeDisabled();

    await userEvent.type(screen.getByLabelText(/^Description/), 'Corner unit with parking.');
    for (const { label } of [{ label: 'Title' }, { label: 'Listing Image' }, { label: 'Description' }, { label: 'Market' }]) {
      expect(indicator(label)).toHaveAttribute('data-complete', 'true');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const dialog = await openedDialog('alertdialog');
    expect(dialog).toHaveTextContent(publishConfirmText);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Listing' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const calls = api.requests.map((r) => `${r.method} ${r.url.pathname}`);
    expect(calls.slice(-2)).toEqual(['PUT /listing/listing-1', 'POST /listing/publish/listing-1']);
    expect(api.saves().at(-1)).toMatchObject({ description: 'Corner unit with parking.' });
    expect(api.current().status).toBe('queued');
  });

  it('abandons a draft after its confirmation: deletes it and sends no pending edit', async () => {
    const api = await fakeListingsApi(testListing());
    const { onClose } = renderEditor();
    await userEvent.type(await screen.findByLabelText(/^Title/, {}, loaded), 'Never mind');

    await userEvent.click(screen.getByRole('button', { name: 'Abandon Draft' }));
    const dialog = await openedDialog('alertdialog');
    expect(dialog).toHaveTextContent(abandonConfirmText);
    // The title's save waits about a second after the last key: on a busy machine it may have gone before the
    // confirmation, which is right. What is pending when the broker confirms is never sent.
    const savedBefore = api.saves().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abandon Draft' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests.map((r) => r.method)).toContain('DELETE');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(api.saves()).toHaveLength(savedBefore);
  });
});

describe('listing editor: photos', { timeout: 30_000 }, () => {
  const jpeg = (size = 1024, name = 'front.jpg', type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type });

  it('checks the file before uploading: the Upload button waits for an acceptable one', async () => {
    await fakeListingsApi(testListing());
    renderEditor();
    const input = await screen.findByLabelText(/^Listing Image/, {}, loaded);
    const upload = screen.getByRole('button', { name: /Upload Image/ });
    expect(upload).toBeDisabled();

    await userEvent.upload(input, jpeg(5 * MB + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Image size must be less than 5MB.');
    expect(upload).toBeDisabled();

    await userEvent.upload(input, jpeg(1024, 'plan.gif', 'image/gif'), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a JPEG, PNG or WebP image.');
    expect(upload).toBeDisabled();

    await userEvent.upload(input, jpeg());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(upload).toBeEnabled();
  });

  it('uploads through the presigned POST, shows the thumbnail, turns Listing Image green, and removes it again', async () => {
    const api = await fakeListingsApi(testListing());
    renderEditor();
    await userEvent.upload(await screen.findByLabelText(/^Listing Image/, {}, loaded), jpeg());
    expect(indicator('Listing Image')).toHaveAttribute('data-complete', 'false');
    await userEvent.click(screen.getByRole('button', { name: /Upload Image/ }));

    const photos = await screen.findByRole('list', { name: 'Uploaded photos' });
    expect(within(photos).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', testImage.thumbnail);
    expect(indicator('Listing Image')).toHaveAttribute('data-complete', 'true');
    const calls = api.requests.map((r) => `${r.method} ${r.url.host === 'store.example.test' ? 'store' : r.url.pathname}`);
    expect(calls.slice(-3)).toEqual(['POST /listing/image/listing-1/upload', 'POST store', 'POST /listing/image/listing-1']);
    expect(JSON.parse(String(api.requests.at(-3)!.body))).toEqual({ contentType: 'image/jpeg', size: 1024, fileName: 'front.jpg' });
    expect(JSON.parse(String(api.requests.at(-1)!.body))).toEqual({ key: 'uploads/raw-1' });

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Uploaded photos' })).not.toBeInTheDocument());
    expect(indicator('Listing Image')).toHaveAttribute('data-complete', 'false');
  });

  it('puts the photos in order, the first the cover: a photo made the cover or moved earlier is saved at once in its place', async () => {
    const photo = (n: number) => ({ ...testImage, _id: `image-${n}`, thumbnail: `https://assets.example.test/listings/listing-1/image-${n}/thumbnail.jpg` });
    const api = await fakeListingsApi(testListing({ images: [photo(1), photo(2), photo(3)] }));
    renderEditor();
    const photos = await screen.findByRole('list', { name: 'Uploaded photos' }, loaded);
    const order = () => within(photos).getAllByRole('img').map((img) => img.getAttribute('src')!.split('/').at(-2));
    expect(order()).toEqual(['image-1', 'image-2', 'image-3']);
    await userEvent.click(within(photos).getByRole('button', { name: 'Make photo 3 the cover' }));
    await waitFor(() => expect(order()).toEqual(['image-3', 'image-1', 'image-2']));
    expect(api.saves().at(-1)).toMatchObject({ imageOrder: ['image-3', 'image-1', 'image-2'], version: 0 });
    await userEvent.click(within(photos).getByRole('button', { name: 'Move photo 3 earlier' }));
    await waitFor(() => expect(order()).toEqual(['image-3', 'image-2', 'image-1']));
    expect(api.saves().at(-1)).toMatchObject({ imageOrder: ['image-3', 'image-2', 'image-1'], version: 1 });
    // The first photo is the cover: it has no button to become it.
    expect(within(photos).queryByRole('button', { name: 'Make photo 1 the cover' })).not.toBeInTheDocument();
    expect(within(photos).getAllByRole('listitem')[0]).toHaveTextContent('Cover');
  });

  it('shows the server’s message when it refuses the photo, and the spec’s fallback when the store fails', async () => {
    const api = await fakeListingsApi(testListing());
    renderEditor();
    const input = await screen.findByLabelText(/^Listing Image/, {}, loaded);

    api.failNext('finalise', 400, 'The file is not a JPEG, PNG or WebP image.');
    await userEvent.upload(input, jpeg());
    await userEvent.click(screen.getByRole('button', { name: /Upload Image/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not a JPEG, PNG or WebP image.');

    api.failNext('store', 403);
    await userEvent.click(screen.getByRole('button', { name: /Upload Image/ }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload image. Please try again.'));
    expect(screen.queryByRole('list', { name: 'Uploaded photos' })).not.toBeInTheDocument();
  });
});
