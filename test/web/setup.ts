import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait up to 20 s, not 1 s: on a busy machine a lazy route or a fake backend's answer
// takes longer than that to render (10 s was once not enough with other work beside the suite), and a test
// must not fail for the machine's speed.
configure({ asyncUtilTimeout: 20_000 });

/**
 * jsdom has no matchMedia. Answer max-width queries from window.innerWidth, as a browser would at
 * that width, so useIsMobile works; tests set innerWidth before rendering to pick mobile or desktop, and
 * dispatch `resize` after changing it to tell the lists' listeners, as a browser does when it crosses one.
 */
if (!window.matchMedia) {
  const matchesAt = (query: string) => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query);
    return maxWidth ? window.innerWidth <= Number(maxWidth[1]) : false;
  };
  const lists = new Map<string, MediaQueryList>();
  window.matchMedia = (query: string): MediaQueryList => {
    const known = lists.get(query);
    if (known) return known;
    const listeners = new Set<EventListenerOrEventListenerObject>();
    let matched = matchesAt(query);
    window.addEventListener('resize', () => {
      if (matchesAt(query) === matched) return;
      matched = !matched;
      for (const listener of listeners) (typeof listener === 'function' ? listener : listener.handleEvent)(new Event('change'));
    });
    const list = {
      get matches() {
        return matchesAt(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => listeners.add(listener),
      removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => listeners.delete(listener),
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
    lists.set(query, list);
    return list;
  };
}

// Nor ResizeObserver, which Radix popovers and sheets use to measure.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The auth tests point Amplify at a local Cognito endpoint on purpose; its warning about a custom endpoint
// says nothing about a test. Every other warning still prints.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (args.some((arg) => typeof arg === 'string' && arg.includes('custom Amazon Amazon Cognito User Pool endpoint'))) return;
  warn(...args);
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
