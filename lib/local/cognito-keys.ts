import { createRequire } from 'node:module';
import type { JWK } from 'jose';

/** The fixed RSA key cognito-local signs every token with (public half): served as the pool's JWKS. */
export const signingKey = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.public.json') as {
  jwk: JWK & { kid: string };
};
