import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Spec 01 §1, PRODUCT.md: the product name appears only as a logo. The site's words name it only in the
 * document title, the logo's accessible name and the spec's own "N day(s) on BISN" label; the mail's
 * sender (its postal address, the metrics namespace) and PRODUCT.md's unsubscribe answer keep it too.
 */
const allowed = [
  /<title>.*BISN.*<\/title>/,
  /aria-label="BISN( home)?"/,
  /`\$\{days\} \$\{days === 1 \? 'day' : 'days'\} on BISN`/,
  /export const (metricsNamespace|senderPostalAddress|unsubscribeLinkSentMessage|DAYS_ON_BISN_MEMORY_DAYS) = /,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the product name', () => {
  it('is named in the site’s and the shared words only where the spec keeps it', () => {
    const root = new URL('../../../', import.meta.url).pathname;
    const named = ['web/src', 'shared'].flatMap((dir) =>
      sourceFiles(join(root, dir)).flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `${file.slice(root.length)}:${index + 1}`, line: line.trim() }))
          // Comments speak to engineers, not brokers.
          .filter(({ line }) => line.includes('BISN') && !/^(\/\/|\/\*|\*)/.test(line))
          .filter(({ line }) => !allowed.some((pattern) => pattern.test(line))),
      ),
    );
    expect(named).toEqual([]);
  });
});
