import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * jsdom has no matchMedia. Answer max-width queries from window.innerWidth, as a browser would at
 * that width, so useIsMobile works; tests set innerWidth before rendering to pick mobile or desktop.
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: maxWidth ? window.innerWidth <= Number(maxWidth[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}

// Nor ResizeObserver, which Radix popovers and sheets use to measure.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
