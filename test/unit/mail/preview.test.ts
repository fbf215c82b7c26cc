import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run mail:preview` renders every mail BISN sends: each template module has its preview, so a new
// mail cannot be left out of it.

const folder = mkdtempSync(join(tmpdir(), 'bisn-mail-preview-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The modules that are parts of mails, not mails. */
const parts = new Set(['layout', 'components', 'digest-entry']);

describe('npm run mail:preview', () => {
  it('renders every mail template, to HTML and text', () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'bin/mail-preview.tsx', folder], { stdio: 'pipe' });
    const files = readdirSync(folder);
    const templates = readdirSync('lambdas/domain/mail/templates')
      .map((file) => file.replace(/\.tsx?$/, ''))
      .filter((name) => !parts.has(name));
    for (const template of templates) expect(files.filter((file) => file.startsWith(`${template}`) && file.endsWith('.html')), template).not.toEqual([]);
    for (const html of files.filter((file) => file.endsWith('.html'))) expect(files, html).toContain(html.replace(/\.html$/, '.txt'));
    expect(files).toEqual(expect.arrayContaining(['expiry-reminder-listing.html', 'expiry-reminder-requirement.html', 'delegation-request.html', 'code-verification.html']));
  }, 60_000);
});
