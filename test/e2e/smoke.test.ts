import { describe, expect, it } from 'vitest';
import { smokeCheck } from '../../lib/ops/smoke';
import { e2e } from './support';

// The deploy workflow's smoke check (npm run smoke), run against the whole local stack: it passes on a
// healthy stack and names what is wrong on a broken one, so a deploy that breaks the site fails its job.
describe('the deploy smoke check', () => {
  it('passes against the running stack', async () => {
    expect(await smokeCheck({ siteUrl: e2e().webUrl, apiUrl: e2e().apiUrl })).toEqual([]);
  });

  it('fails when the site points at another API or the API is gone', async () => {
    const failures = await smokeCheck({ siteUrl: e2e().webUrl, apiUrl: 'http://127.0.0.1:9' });
    expect(failures).toEqual([
      expect.stringMatching(/runtime-config\.json: apiUrl is .*, expected http:\/\/127\.0\.0\.1:9/),
      expect.stringMatching(/without a token: .*(fetch failed|ECONNREFUSED)/),
    ]);
  });
});
