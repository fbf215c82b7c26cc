import { Stack, type StackProps } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import type { RouteId, routes as allRoutes } from '../../shared/api/routes';
import { routeCapabilitiesOf, routeProfileOf } from '../config/functions';
import { removalPolicyOf, type StageConfig } from '../config/stages';
import { BisnFunction, type FunctionTargets } from '../constructs/bisn-function';
import { repoRoot, resolveEntry } from '../constructs/code-root';
import { acknowledge } from '../constructs/nag';
import { scanEntries } from '../constructs/bundle-scan';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  /** Directory the route entries are resolved against (the repository). */
  readonly codeRoot: string;
  readonly httpApi: HttpApi;
  /** The one Cognito JWT authorizer of the HTTP API, shared by every Api stack (it lives with the API). */
  readonly authorizer: HttpUserPoolAuthorizer;
  /** The routes of this stack (apiStackRoutes in lib/config/functions.ts). */
  readonly routes: readonly (typeof allRoutes)[number][];
  readonly targets: FunctionTargets;
  readonly environment: Readonly<Record<string, string>>;
}

/** Why each public route needs no token; a public route missing here fails the synth. */
export const publicRouteReasons: Partial<Record<RouteId, string>> = {
  createUser:
    'Sign-up step 2 runs before the e-mail is confirmed, so the caller has no token yet; the handler proves the caller by the Cognito user (AdminGetUser) whose e-mail carries the given sub.',
  unsubscribe:
    'The public unsubscribe form (spec 01) takes only an e-mail address, mails that address a signed link, answers alike whether or not an account exists, and is rate-limited per address and per client.',
  unsubscribeOneClick: 'RFC 8058 one-click unsubscribe is POSTed by mail clients without a session; the link carries an HMAC-signed token the handler verifies.',
  getUnsubscribeLink: "The page of a mail's unsubscribe link is opened without a session; it reads only what the HMAC-signed token names.",
  updateUnsubscribeLink: "The buttons of a mail's unsubscribe page act without a session; the HMAC-signed token proves the address.",
  getRenewLink: "The page of a reminder's renew link is opened without a session; it reads only what the signed, expiring token names and changes nothing.",
  useRenewLink: "A reminder's one-click renew acts without a session; the signed token (HS256, 14 days, single use) names the one item it renews.",
};

/**
 * The product API: one Lambda function per entry of shared/api/routes.ts, each behind its HTTP API
 * route; every route whose auth is not 'public' has the Cognito JWT authorizer (issuer = the user pool,
 * audience = the web client), which hands the token's claims to the handler. The finer levels (user,
 * approved, operator) are decided by the handlers from the claims and the user record. A route brings
 * seven resources and CloudFormation allows 500 a stack, so the routes are split over two such stacks
 * (apiStackRoutes).
 */
export class ApiStack extends Stack {
  readonly functions: ReadonlyMap<RouteId, NodejsFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;

    const { routes, authorizer } = props;
    const entries = new Map(routes.map((route) => [route.id, resolveEntry(props.codeRoot, route.entry, `route ${route.id}`)]));
    const scans = scanEntries([...entries.values()], repoRoot);

    const functions = new Map<RouteId, NodejsFunction>();
    for (const route of routes) {
      const entry = entries.get(route.id)!;
      const { function: fn } = new BisnFunction(this, route.id, {
        entry,
        description: `${route.id}: ${route.method} ${route.path} (${route.auth})`,
        profile: routeProfileOf(route),
        capabilities: routeCapabilitiesOf(route),
        targets: props.targets,
        environment: props.environment,
        scan: scans.get(entry)!,
        logRetention: config.logRetention,
        removalPolicy: removalPolicyOf(config),
      });
      functions.set(route.id, fn);

      const httpRoute = new HttpRoute(this, `${route.id}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn),
        ...(route.auth === 'public' ? {} : { authorizer }),
      });
      if (route.auth === 'public') {
        const reason = publicRouteReasons[route.id];
        if (!reason) throw new Error(`Route ${route.id} is public: say why in publicRouteReasons (lib/stacks/api-stack.ts).`);
        acknowledge(httpRoute, reason, 'AwsSolutions-APIG4');
      }
    }
    this.functions = functions;
  }
}
