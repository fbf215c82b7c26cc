import { resetEnvCache } from '../../../lambdas/core/env';

/** What a mailing function's environment holds (the values these tests expect in the mails). */
export const mailEnv = {
  TABLE_NAME: 't',
  IMAGES_BUCKET: 'b',
  ASSET_BASE_URL: 'http://assets.test',
  SITE_URL: 'http://site.test',
  API_URL: 'http://api.test',
  MAIL_FROM: 'BISN <no-reply@bisn.test>',
  USER_POOL_ID: 'pool',
  UNSUBSCRIBE_SECRET: 'unit-test-secret-0123456789',
  POSTAL_ADDRESS: 'BISN, 1 Test Street, Sacramento, CA 95814',
};

/** Sets the environment before the mail modules read it (they cache it). */
export function useMailEnv(overrides: Partial<Record<keyof typeof mailEnv, string | undefined>> = {}): void {
  for (const [name, value] of Object.entries({ ...mailEnv, ...overrides })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

/** The footer's year, the one part of a mail that changes by itself. */
export const withoutYear = (part: string) => part.replaceAll(`${new Date().getFullYear()}`, '<year>');
