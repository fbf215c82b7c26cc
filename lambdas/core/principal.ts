import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

/** Who is calling, from the JWT claims the authorizer verified. Nothing the browser sends besides the token counts. */
export interface Principal {
  readonly sub: string;
  readonly email: string;
  readonly groups: readonly string[];
  readonly isOperator: boolean;
  /**
   * Set when a delegate acts for a broker: the principal is then the broker's (`sub` the broker's
   * id, so every ownership check holds as for the broker) and this names the delegate who calls.
   */
  readonly delegate?: { readonly userId: string; readonly name: string };
}

type Claims = Record<string, string | number | boolean | string[]>;

/** API Gateway passes array claims as "[a b]" strings; the local gateway passes arrays. */
function parseGroups(value: Claims[string] | undefined): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

export function principalFrom(event: Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'>): Principal | null {
  const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } }).authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string' || !claims.sub) return null;
  const groups = parseGroups(claims['cognito:groups']);
  return {
    sub: claims.sub,
    email: typeof claims.email === 'string' ? claims.email.toLowerCase() : '',
    groups,
    isOperator: groups.includes('operators'),
  };
}
