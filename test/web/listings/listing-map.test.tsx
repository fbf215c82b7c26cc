import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ListingMap, { COUNTIES_ATTRIBUTION, tileProvider } from '@/features/listings/map/listing-map';

const midtown = { lat: 38.5744, lng: -121.4836 };
const payload = '<img src=x onerror="window.__pwned=1">1801 L St';

beforeEach(() => {
  // jsdom lays nothing out: give the map a size so pigeon-maps draws its tiles and overlays.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 640, height: 288 }));
});

async function renderMap(props: Partial<Parameters<typeof ListingMap>[0]> = {}) {
  const view = render(<ListingMap {...midtown} label={payload} {...props} />);
  const region = screen.getByRole('region', { name: `Map of ${payload}` });
  await waitFor(() => expect(region.querySelector('.listing-map-pin')).not.toBeNull());
  return { ...view, region };
}

describe('ListingMap', () => {
  it('offline: a drawn grid, the county outlines and the pin, and no tile image at all', async () => {
    const { region } = await renderMap();
    expect(region).toHaveAttribute('data-testid', 'listing-map');
    expect(region.querySelectorAll('img')).toHaveLength(0);
    expect(region.querySelectorAll('.listing-map-grid-tile').length).toBeGreaterThan(0);
    const titles = [...region.querySelectorAll('path.listing-map-county > title')].map((t) => t.textContent);
    expect(titles).toEqual(expect.arrayContaining(['Sacramento County', 'Placer County', 'Yolo County']));
    expect(region).toHaveTextContent(COUNTIES_ATTRIBUTION);
    // Zoom 15 at Sacramento's latitude: the scale shows feet.
    expect(region.querySelector('.listing-map-scale')?.textContent).toMatch(/^\d+ ft$/);
  });

  it('puts the label in as text: the pin is named by it and its tooltip shows it on hover', async () => {
    const { region } = await renderMap();
    const pin = within(region).getByRole('img', { name: payload });
    fireEvent.mouseEnter(pin);
    const tooltip = within(region).getByRole('tooltip');
    expect(tooltip.textContent).toBe(payload);
    expect(region.querySelectorAll('img')).toHaveLength(0);
    fireEvent.mouseLeave(pin);
    expect(within(region).queryByRole('tooltip')).toBeNull();
  });

  it('has named zoom buttons and takes focus for the keyboard', async () => {
    const { region } = await renderMap();
    expect(within(region).getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    expect(within(region).getByRole('button', { name: 'Zoom out' })).toBeEnabled();
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('with a tile URL: raster tiles from it and its attribution as text', async () => {
    const { region } = await renderMap({ tileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', tileAttribution: '<b>© Example</b>' });
    await waitFor(() => expect(region.querySelectorAll('img').length).toBeGreaterThan(0));
    for (const img of region.querySelectorAll('img')) expect(img.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.test\/15\/\d+\/\d+\.png$/);
    expect(region.querySelectorAll('.listing-map-grid-tile')).toHaveLength(0);
    expect(region).toHaveTextContent(`<b>© Example</b> | ${COUNTIES_ATTRIBUTION}`);
  });

  it('fills Leaflet-style placeholders in the tile template', () => {
    expect(tileProvider('https://{s}.tiles.test/{z}/{x}/{y}{r}.png')(3, 4, 5, 2)).toBe('https://b.tiles.test/5/3/4@2x.png');
    expect(tileProvider('https://tiles.test/{z}/{x}/{y}{r}.png')(3, 4, 5)).toBe('https://tiles.test/5/3/4.png');
  });
});
