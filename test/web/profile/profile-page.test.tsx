import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PersonalInfoCard } from '@/features/profile/components/personal-info-card';
import { phoneWarning } from '@/features/profile/components/personal-info-dialog';
import { openedDialog } from '../support/dialog';
import { renderApp } from '../support/render-app';
import { startProfileBackend, STORE_URL, subscriptionsExcept } from './profile-backend';

/** The first screen needs the lazy route chunks and Amplify: give it time in a cold worker. */
const firstLoad = { timeout: 8000 };
/** A profile card by its title (dialogs reuse the titles, so look among card titles only). */
const card = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('[data-slot="card-title"]')]
    .find((heading) => heading.textContent === title)!
    .closest<HTMLElement>('[data-slot="card"]')!;
const dialog = () => screen.getByRole('dialog');

/** Opens an edit or upload dialog by its button; the dialog's code loads on first open. */
async function openDialog(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name }));
  await openedDialog();
}

async function openProfile() {
  const view = renderApp('/consumer/profile');
  await screen.findByRole('heading', { level: 1, name: 'My Profile' }, firstLoad);
  return view;
}

describe('My Profile cards', { timeout: 20_000 }, () => {
  it('shows the read-only personal information, with the phone formatted when it has 10 digits', async () => {
    await startProfileBackend({ phone: '916.555.0100' });
    await openProfile();
    const personal = card('Personal Information');
    for (const label of ['Name', 'Title', 'License', 'Email', 'Phone']) expect(within(personal).getByText(label)).toBeInTheDocument();
    expect(personal).toHaveTextContent('Ada Lovelace');
    expect(personal).toHaveTextContent('ada@example.com');
    expect(personal).toHaveTextContent('(916) 555-0100');
    expect(personal).toHaveTextContent('01234567');
  });

  it('shows a phone that is not 10 digits as typed', async () => {
    await startProfileBackend({ phone: '+44 20 7946 0958' });
    await openProfile();
    expect(card('Personal Information')).toHaveTextContent('+44 20 7946 0958');
  });

  it('says No Broker Information and No Broker Logo Uploaded when there are none', async () => {
    await startProfileBackend();
    await openProfile();
    expect(card('Broker Information')).toHaveTextContent('No Broker Information');
    expect(card('Broker Logo')).toHaveTextContent('No Broker Logo Uploaded');
  });

  it('shows the broker name and address on two lines, and a legacy logo when nothing was uploaded', async () => {
    await startProfileBackend({
      brokerInfo: { name: 'Capitol CRE', address1: '1 Capitol Mall', address2: 'Sacramento, CA 95814', logoSrc: 'https://assets.example.test/broker-images/capitol.png' },
    });
    await openProfile();
    const broker = card('Broker Information');
    expect(within(broker).getByText('Capitol CRE')).toBeInTheDocument();
    expect(within(broker).getByText('1 Capitol Mall').tagName).toBe('SPAN');
    expect(within(broker).getByText('Sacramento, CA 95814')).toBeInTheDocument();
    expect(within(card('Broker Logo')).getByRole('img', { name: 'Capitol CRE logo' })).toHaveAttribute(
      'src',
      'https://assets.example.test/broker-images/capitol.png',
    );
  });

  it('prefers the uploaded logo over the legacy one', async () => {
    await startProfileBackend({
      brokerInfo: { name: 'Capitol CRE', address1: '1 Capitol Mall', address2: '', logoSrc: 'https://assets.example.test/broker-images/old.png' },
      brokerImage: { thumbnail: 'users/u/logo/thumbnail/a.jpg', medium: 'users/u/logo/medium/a.jpg', original: 'users/u/logo/original/a.jpg' },
    });
    await openProfile();
    expect(within(card('Broker Logo')).getByRole('img')).toHaveAttribute('src', 'https://assets.example.test/users/u/logo/medium/a.jpg');
  });

  it('lists every subscription with a green Subscribed or red Unsubscribed badge', async () => {
    await startProfileBackend({ subscriptions: subscriptionsExcept('office-listings', 'land-requirements') });
    await openProfile();
    const list = within(card('Subscription Information')).getByRole('list', { name: 'E-mail subscriptions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(14);
    const office = items.find((item) => item.textContent?.startsWith('Office Listings'))!;
    expect(within(office).getByText('Unsubscribed')).toHaveClass('bg-destructive');
    const retail = items.find((item) => item.textContent?.startsWith('Retail Listings'))!;
    expect(within(retail).getByText('Subscribed')).toHaveClass('bg-success');
    expect(within(list).getAllByText('Unsubscribed')).toHaveLength(2);
  });

  it('says on the Privacy card exactly where the phone and e-mail choices apply', async () => {
    await startProfileBackend();
    await openProfile();
    const privacy = card('Privacy');
    expect(privacy).toHaveTextContent('The phone and e-mail choices apply to the broker directory: your card there, your broker page, and the contact lists other brokers save and export.');
    expect(privacy).toHaveTextContent('Your listings and requirements, their matches and the e-mails about them always show your phone and e-mail to approved members');
  });

  it('shows skeletons while the user record is not there yet', () => {
    render(<PersonalInfoCard user={undefined} />);
    expect(screen.getByTestId('profile-card-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Personal Information' })).toBeDisabled();
  });
});

describe('edit dialogs', { timeout: 20_000 }, () => {
  it('personal information: the schema messages, then a save that updates the card and the header', async () => {
    const backend = await startProfileBackend();
    await openProfile();
    const user = userEvent.setup();

    await openDialog(user, 'Edit Personal Information');
    expect(within(dialog()).getByLabelText('Email')).toBeDisabled();
    await user.clear(within(dialog()).getByLabelText(/First Name/));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Information' }));
    expect(await within(dialog()).findByText('First Name cannot be empty.')).toBeInTheDocument();
    expect(backend.calls('/user/personalInfo/')).toHaveLength(0);

    await user.type(within(dialog()).getByLabelText(/First Name/), '  Grace ');
    await user.clear(within(dialog()).getByLabelText(/Last Name/));
    await user.type(within(dialog()).getByLabelText(/Last Name/), 'Hopper');
    await user.clear(within(dialog()).getByLabelText('Phone'));
    await user.type(within(dialog()).getByLabelText('Phone'), '9165550199');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Information' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.bodyOf(backend.calls('/user/personalInfo/')[0]!)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: '9165550199' });
    expect(card('Personal Information')).toHaveTextContent('Grace Hopper');
    expect(card('Personal Information')).toHaveTextContent('(916) 555-0199');
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Grace Hopper' })).toHaveTextContent('GH');
  });

  it('personal information: warns of a phone with neither 10 digits nor an extension, and saves it as typed', async () => {
    const backend = await startProfileBackend();
    await openProfile();
    const user = userEvent.setup();
    await openDialog(user, 'Edit Personal Information');
    const phone = within(dialog()).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '555-0199');
    expect(phone).toHaveAccessibleDescription(phoneWarning);
    await user.type(phone, ' x12');
    expect(within(dialog()).queryByText(phoneWarning)).not.toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '555-0199');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Information' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.bodyOf(backend.calls('/user/personalInfo/')[0]!)).toMatchObject({ phone: '555-0199' });
  });

  /** The dialog open, another tab saving the profile meanwhile, then this one saving a new phone. */
  async function saveOverAnotherTab() {
    const backend = await startProfileBackend();
    await openProfile();
    const user = userEvent.setup();
    await openDialog(user, 'Edit Personal Information');
    backend.state.user = { ...backend.state.user, phone: '9165550111', version: backend.state.user.version + 1 };
    await user.clear(within(dialog()).getByLabelText('Phone'));
    await user.type(within(dialog()).getByLabelText('Phone'), '9165550199');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Information' }));
    return { backend, user };
  }

  it('personal information changed elsewhere meanwhile: the dialog says so, keeps the edit, and saves it only when asked', async () => {
    const { backend, user } = await saveOverAnotherTab();
    expect(await within(dialog()).findByText(/changed elsewhere/)).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Phone')).toHaveValue('9165550199');
    expect(backend.state.user.phone).toBe('9165550111');

    await user.click(within(dialog()).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.user.phone).toBe('9165550199');
    expect(backend.bodyOf(backend.calls('/user/personalInfo/').at(-1)!)).toMatchObject({ phone: '9165550199', version: 1 });
  });

  it('personal information changed elsewhere: "Reload their version" shows what is saved now', async () => {
    const { backend, user } = await saveOverAnotherTab();
    await user.click(await within(dialog()).findByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(within(dialog()).getByLabelText('Phone')).toHaveValue('9165550111'));
    expect(within(dialog()).queryByText(/changed elsewhere/)).not.toBeInTheDocument();
    expect(backend.state.user.phone).toBe('9165550111');
  });

  it('personal information: a server error stays in the dialog', async () => {
    const backend = await startProfileBackend();
    backend.state.failures.set('personalInfo', { status: 500, message: 'Something went wrong on our side. Please try again.' });
    await openProfile();
    const user = userEvent.setup();
    await openDialog(user, 'Edit Personal Information');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Information' }));
    expect(await within(dialog()).findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(card('Personal Information')).toHaveTextContent('Ada Lovelace');
  });

  it('broker information: the dialog of the spec, City/State/Zip split from and composed into address2, closes after saving', async () => {
    const backend = await startProfileBackend({ brokerInfo: { name: 'Capitol CRE', address1: '1 Capitol Mall', address2: 'Sacramento, CA 95814' } });
    await openProfile();
    const user = userEvent.setup();

    await openDialog(user, 'Edit Broker Information');
    expect(within(dialog()).getByRole('heading', { name: 'Broker Information' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Update your broker information here.')).toBeInTheDocument();
    expect(within(dialog()).getByLabelText(/Broker Name/)).toHaveValue('Capitol CRE');
    expect(within(dialog()).getByLabelText(/Street Address/)).toHaveValue('1 Capitol Mall');
    expect(within(dialog()).getByLabelText('City')).toHaveValue('Sacramento');
    expect(within(dialog()).getByRole('combobox', { name: 'State' })).toHaveDisplayValue('CA');
    expect(within(dialog()).getByLabelText('Zip')).toHaveValue('95814');
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.clear(within(dialog()).getByLabelText('City'));
    await user.type(within(dialog()).getByLabelText('City'), ' Davis ');
    await user.clear(within(dialog()).getByLabelText('Zip'));
    await user.type(within(dialog()).getByLabelText('Zip'), '95616');
    await user.clear(within(dialog()).getByLabelText(/Broker Name/));
    await user.type(within(dialog()).getByLabelText(/Broker Name/), '  Yolo Realty  ');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Information' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.bodyOf(backend.calls('/user/brokerInfo/')[0]!)).toEqual({ name: 'Yolo Realty', address1: '1 Capitol Mall', address2: 'Davis, CA 95616', version: 0 });
    expect(card('Broker Information')).toHaveTextContent('Yolo Realty');
    expect(card('Broker Information')).toHaveTextContent('Davis, CA 95616');
  });

  it('broker information: empty name and street give the spec messages and send nothing', async () => {
    const backend = await startProfileBackend();
    await openProfile();
    const user = userEvent.setup();
    await openDialog(user, 'Edit Broker Information');
    await user.type(within(dialog()).getByLabelText(/Broker Name/), '   ');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Information' }));
    expect(await within(dialog()).findByText('Broker Name cannot be empty.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Street address cannot be empty.')).toBeInTheDocument();
    expect(backend.calls('/user/brokerInfo/')).toHaveLength(0);
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('subscriptions: a checkbox per category and one for match notices; saving sends all of them and the badges follow', async () => {
    const backend = await startProfileBackend();
    await openProfile();
    const user = userEvent.setup();
    await openDialog(user, 'Edit Subscriptions');
    expect(within(dialog()).getAllByRole('checkbox')).toHaveLength(15);
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Office Listings' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Flex Requirements' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: /E-mail me new strong matches/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Subscriptions' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = backend.bodyOf(backend.calls('/user/subscriptions/')[0]!) as { subscriptions: { subscriptionId: string; subscribed: boolean }[]; matchNotices: boolean };
    expect(sent.subscriptions).toHaveLength(14);
    expect(sent.subscriptions.filter((s) => !s.subscribed).map((s) => s.subscriptionId).sort()).toEqual(['flex-requirements', 'office-listings']);
    expect(sent.matchNotices).toBe(false);
    expect(within(card('Subscription Information')).getAllByText('Unsubscribed')).toHaveLength(3);
  });

  it('notifications: today’s defaults on the card; the dialog saves every choice with the profile version, and the card follows', async () => {
    const backend = await startProfileBackend({ version: 4 });
    await openProfile();
    const notifications = card('Notifications');
    expect(notifications).toHaveTextContent('Requirement broadcastsE-mail each one as it is broadcast');
    expect(notifications).toHaveTextContent('DigestEvery weekday');
    expect(notifications).toHaveTextContent('At most 25 entries');

    const user = userEvent.setup();
    await openDialog(user, 'Edit Notifications');
    const requirements = within(dialog()).getByRole('group', { name: 'Requirement broadcasts' });
    expect(within(requirements).getByRole('radio', { name: 'E-mail each one as it is broadcast' })).toBeChecked();
    await user.click(within(requirements).getByRole('radio', { name: 'Gather them in my digest' }));
    await user.click(within(within(dialog()).getByRole('group', { name: 'Digest' })).getByRole('radio', { name: 'Weekly, on Monday' }));
    await user.selectOptions(within(dialog()).getByLabelText('Digest length'), 'At most 50 entries');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Notifications' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.bodyOf(backend.calls('/user/notifications/')[0]!)).toEqual({ requirements: 'digest', matches: 'instant', digestFrequency: 'weekly', digestLimit: 50, version: 4 });
    expect(card('Notifications')).toHaveTextContent('Requirement broadcastsGather them in my digest');
    expect(card('Notifications')).toHaveTextContent('DigestWeekly, on Monday');
    expect(card('Notifications')).toHaveTextContent('At most 50 entries');
  });
});

describe('image upload dialogs', { timeout: 20_000 }, () => {
  const pngFile = (bytes = 1024, name = 'me.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

  it('keeps Upload disabled until a file is chosen, and refuses a wrong type or an oversize file', async () => {
    await startProfileBackend();
    await openProfile();
    const user = userEvent.setup({ applyAccept: false });
    await openDialog(user, 'Upload Profile Image');
    const upload = within(dialog()).getByRole('button', { name: 'Upload Image' });
    expect(upload).toBeDisabled();
    const input = within(dialog()).getByLabelText('Image file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    await user.upload(input, pngFile(3 * 1024 * 1024 + 1));
    expect(within(dialog()).getByText('Image size must be less than 3MB.')).toBeInTheDocument();
    expect(upload).toBeDisabled();

    await user.upload(input, pngFile(100, 'anim.gif', 'image/gif'));
    expect(within(dialog()).getByText('Please choose a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(upload).toBeDisabled();

    await user.upload(input, pngFile());
    expect(upload).toBeEnabled();
    expect(within(dialog()).getByRole('img', { name: 'Preview of the chosen image' })).toBeInTheDocument();
  });

  it('presigns, sends the file to the image store, finalises, and shows the new picture', async () => {
    const backend = await startProfileBackend();
    await openProfile();
    const user = userEvent.setup();
    await openDialog(user, 'Upload Profile Image');
    await user.upload(within(dialog()).getByLabelText('Image file'), pngFile(2048));
    await user.click(within(dialog()).getByRole('button', { name: 'Upload Image' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.bodyOf(backend.calls('/user/profileImage/')[0]!)).toEqual({ contentType: 'image/png', size: 2048, fileName: 'me.png' });
    const stored = backend.requests.find((r) => r.url.href.startsWith(STORE_URL))!;
    const form = stored.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'file']);
    expect(backend.bodyOf(backend.calls('/user/profileImage/').at(-1)!)).toEqual({ key: 'users/u/profile/uploads/x' });
    expect(backend.state.user.profileImage?.medium).toBe('users/u/profile/medium/new.jpg');
    expect(card('Profile Image')).not.toHaveTextContent('No Profile Image Uploaded');
  });

  it('shows the server’s message, or the generic one, and keeps the previous image', async () => {
    const backend = await startProfileBackend();
    await openProfile();
    const user = userEvent.setup();
    await openDialog(user, 'Upload Broker Logo');
    await user.upload(within(dialog()).getByLabelText('Image file'), pngFile());

    backend.state.failures.set('finalise', { status: 400, message: 'Please choose a JPEG, PNG or WebP image.' });
    await user.click(within(dialog()).getByRole('button', { name: 'Upload Image' }));
    expect(await within(dialog()).findByText('Please choose a JPEG, PNG or WebP image.')).toBeInTheDocument();

    backend.state.failures.set('store', { status: 403, message: 'AccessDenied' });
    await user.click(within(dialog()).getByRole('button', { name: 'Upload Image' }));
    expect(await within(dialog()).findByText('Failed to upload image. Please try again.')).toBeInTheDocument();
    expect(backend.state.user.brokerImage).toBeNull();
    expect(card('Broker Logo')).toHaveTextContent('No Broker Logo Uploaded');
  });
});
