import { afterAll, afterEach, expect } from 'vitest';
import { closeContexts, takeConsoleProblems } from './support';

// A clean run logs nothing. Any console error or warning from our code, or an uncaught error,
// fails the test during which it was logged (test/e2e/support.ts says what is left out and why).
afterEach(() => {
  expect(takeConsoleProblems(), 'console errors and warnings in the browser').toEqual([]);
});

// The run shares one Chromium (support.ts openBrowser); the file's contexts end with the file.
afterAll(closeContexts);
