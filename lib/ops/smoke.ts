import { listRequirements } from '../../shared/api/routes';

export interface SmokeTarget {
  readonly siteUrl: string;
  readonly apiUrl: string;
}

/**
 * What the deploy workflow checks after `cdk deploy`, from outside, as a browser would: the site and its
 * deep links answer, the runtime config points the app at this stage's API, and the API is up with its
 * authorizer (a signed-in route refuses a call without a token). Returns the failures, none when healthy.
 */
export async function smokeCheck({ siteUrl, apiUrl }: SmokeTarget, fetchFn: typeof fetch = fetch): Promise<string[]> {
  const failures: string[] = [];
  const check = async (what: string, run: () => Promise<string | undefined>) => {
    try {
      const failure = await run();
      if (failure) failures.push(`${what}: ${failure}`);
    } catch (error) {
      failures.push(`${what}: ${(error as Error).message}`);
    }
  };
  const site = siteUrl.replace(/\/$/, '');
  const api = apiUrl.replace(/\/$/, '');

  for (const path of ['/', '/consumer/dashboard']) {
    await check(`GET ${site}${path}`, async () => {
      const response = await fetchFn(`${site}${path}`, { redirect: 'follow' });
      if (response.status !== 200) return `answered ${response.status}`;
      if (!response.headers.get('content-type')?.includes('text/html')) return `content-type ${response.headers.get('content-type')}`;
      if (!response.headers.get('content-security-policy')) return 'no Content-Security-Policy header';
      return undefined;
    });
  }
  await check(`GET ${site}/runtime-config.json`, async () => {
    const response = await fetchFn(`${site}/runtime-config.json`);
    if (response.status !== 200) return `answered ${response.status}`;
    const config = (await response.json()) as { apiUrl?: string };
    if (config.apiUrl?.replace(/\/$/, '') !== api) return `apiUrl is ${config.apiUrl}, expected ${api}`;
    return undefined;
  });
  await check(`GET ${api}${listRequirements.path} without a token`, async () => {
    const response = await fetchFn(`${api}${listRequirements.path}`);
    return response.status === 401 ? undefined : `answered ${response.status}, expected 401`;
  });
  return failures;
}
