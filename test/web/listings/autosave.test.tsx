import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MERGE_DELAY_MS, SECTION_DELAY_MS } from '@/features/listings/editor/autosave';
import { fakeListingsApi, renderEditor, testListing } from './listing-backend';

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Lets fetch, the API client and React settle while the autosave's own timers stay frozen. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

/**
 * Testing Library's waitFor runs on the (now fake) setTimeout, so it would never fire: this one lets
 * promises settle between tries and moves the clock by at most a few milliseconds in all.
 */
async function eventually(assertion: () => void) {
  for (let attempt = 0; ; attempt++) {
    try {
      assertion();
      return;
    } catch (error) {
      if (attempt >= 50) throw error;
      await settle();
    }
  }
}

/** The editor loaded with real timers, then the clock frozen: only the autosave's timers are faked. */
async function openEditor() {
  const api = await fakeListingsApi(testListing());
  const view = renderEditor();
  // The first API call imports Amplify, which takes a few seconds in a cold test worker.
  await screen.findByLabelText(/^Title/, {}, { timeout: 15_000 });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { api, ...view };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('listing editor autosave', { timeout: 30_000 }, () => {
  it('saves an edit 750 ms after it (section delay) plus the 300 ms merge, once, with the whole draft', async () => {
    const { api } = await openEditor();

    type(/^Title/, 'Midtown office condo');
    await advance(SECTION_DELAY_MS - 1);
    expect(api.saves()).toHaveLength(0);
    await advance(1);
    expect(api.saves()).toHaveLength(0); // taken from the section, waiting for the merge
    await advance(MERGE_DELAY_MS);
    await eventually(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]).toMatchObject({ title: 'Midtown office condo', city: '', description: '', highlights: [] });
    await eventually(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
  });

  it('restarts the section delay while the user keeps typing: one save with the final text', async () => {
    const { api } = await openEditor();

    for (const text of ['M', 'Mi', 'Mid', 'Midt', 'Midtown']) {
      type(/^Title/, text);
      await advance(500);
    }
    expect(api.saves()).toHaveLength(0);
    await advance(SECTION_DELAY_MS - 500 + MERGE_DELAY_MS);
    await eventually(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]).toMatchObject({ title: 'Midtown' });
  });

  it('merges edits of different sections that come within the merge delay into one save', async () => {
    const { api } = await openEditor();

    type(/^Title/, 'Corner retail');
    await advance(200);
    type(/^City/, 'Sacramento');
    await advance(200);
    type(/^Description/, 'Busy intersection.');
    // Title is taken at 750, City at 950, Description at 1150: each within 300 ms of the last.
    await advance(SECTION_DELAY_MS - 1 + MERGE_DELAY_MS - 1);
    expect(api.saves()).toHaveLength(0);
    await advance(2);
    await eventually(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]).toMatchObject({ title: 'Corner retail', city: 'Sacramento', description: 'Busy intersection.' });
  });

  it('keeps the text when a save fails on the network, says it will retry, and the next save sends everything', async () => {
    const { api } = await openEditor();

    api.failSaves(true);
    type(/^Title/, 'Warehouse with yard');
    await advance(SECTION_DELAY_MS + MERGE_DELAY_MS);
    await eventually(() => expect(screen.getByText('Not saved — will retry')).toBeInTheDocument());
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Warehouse with yard');
    expect(api.current().title).toBe('');

    api.failSaves(false);
    type(/^Description/, 'Dock-high doors.');
    await advance(SECTION_DELAY_MS + MERGE_DELAY_MS);
    await eventually(() => expect(api.current().title).toBe('Warehouse with yard'));
    expect(api.saves().at(-1)).toMatchObject({ title: 'Warehouse with yard', description: 'Dock-high doors.' });
    await eventually(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
  });

  it('retries a failed save on its own when nothing else is typed', async () => {
    const { api } = await openEditor();

    api.failSaves(true);
    type(/^City/, 'Roseville');
    await advance(SECTION_DELAY_MS + MERGE_DELAY_MS);
    await eventually(() => expect(screen.getByText('Not saved — will retry')).toBeInTheDocument());

    api.failSaves(false);
    await advance(2_000);
    await eventually(() => expect(api.current().city).toBe('Roseville'));
  });

  it('closing the drawer sends the pending edit at once, then closes', async () => {
    const { api, onClose } = await openEditor();

    type(/^Title/, 'Flex space');
    expect(api.saves()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await settle();
    await eventually(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.saves()).toEqual([expect.objectContaining({ title: 'Flex space' })]);
  });

  it('does not close while the pending edit cannot be saved, and says so', async () => {
    const { api, onClose } = await openEditor();

    api.failSaves(true);
    type(/^Title/, 'Flex space');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await settle();
    await eventually(() => expect(screen.getByText(/Your changes could not be saved: Network error/)).toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Flex space');
  });

  it('holds back a draft the API would refuse (a half-typed ZIP), says why, and saves once it is fixed', async () => {
    const { api } = await openEditor();

    type(/^City/, 'Davis');
    type(/^ZIP Code/, '956');
    await advance(SECTION_DELAY_MS + MERGE_DELAY_MS);
    expect(api.saves()).toHaveLength(0);
    await eventually(() => expect(screen.getByText('ZIP code is required.')).toBeInTheDocument());
    expect(screen.getByText('Not saved')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Fix ZIP Code to save this draft: ZIP code is required');

    type(/^ZIP Code/, '95616');
    await advance(SECTION_DELAY_MS + MERGE_DELAY_MS);
    await eventually(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]).toMatchObject({ city: 'Davis', zipCode: '95616' });
    await eventually(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
  });
});

describe('listing editor: a draft saved elsewhere meanwhile', { timeout: 30_000 }, () => {
  const saveAfterDelays = () => advance(SECTION_DELAY_MS + MERGE_DELAY_MS);

  it('tells the broker, keeps the edit, and "Keep mine" saves it over the other version', async () => {
    const { api } = await openEditor();
    type(/^Title/, 'Mine: J Street office');
    await saveAfterDelays();
    await eventually(() => expect(api.current().version).toBe(1));

    api.saveElsewhere('Theirs: K Street office');
    type(/^Title/, 'Mine again: J Street office');
    await saveAfterDelays();
    await eventually(() => expect(screen.getByText(/changed elsewhere/)).toBeInTheDocument());
    expect(api.current().title).toBe('Theirs: K Street office');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Mine again: J Street office');
    expect(screen.getByText('Not saved')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await eventually(() => expect(api.current().title).toBe('Mine again: J Street office'));
    expect(api.saves().at(-1)).toMatchObject({ title: 'Mine again: J Street office', version: 2 });
    await eventually(() => expect(screen.queryByText(/changed elsewhere/)).not.toBeInTheDocument());
  });

  it('"Reload their version" shows the other version and gives up the unsaved edit', async () => {
    const { api } = await openEditor();
    api.saveElsewhere('Theirs: K Street office');
    type(/^Title/, 'Mine: J Street office');
    await saveAfterDelays();
    await eventually(() => expect(screen.getByText(/changed elsewhere/)).toBeInTheDocument());
    const savesBefore = api.saves().length;

    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Reload their version' }));
    await vi.waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Theirs: K Street office'));
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(api.saves()).toHaveLength(savesBefore);
    expect(api.current().title).toBe('Theirs: K Street office');
  });
});
