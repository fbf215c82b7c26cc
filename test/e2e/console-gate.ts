import { afterAll, afterEach, expect } from 'vitest';
import { closeChromium, takeConsoleProblems } from './support';

// Issue 22.7: a clean run logs nothing. Any console error or warning from our code, or an uncaught error,
// fails the test during which it was logged (test/e2e/support.ts says what is left out and why).
afterEach(() => {
  expect(takeConsoleProblems(), 'console errors and warnings in the browser').toEqual([]);
});

// The file's Chromium (support.ts openBrowser) ends with the file.
afterAll(closeChromium);
