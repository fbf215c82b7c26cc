import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { dailyCreationLimits } from './daily-limits';
import { senderPostalAddress, unsubscribeRequestLimits } from '../../shared/catalog/product';

/**
 * Typed settings of each deployment stage. Both stages can live in one AWS account: nothing here is a
 * physical resource name, except the mail domain, which must differ per stage (an SES identity is unique
 * per account and region).
 *
 * Values that only the operator of a deployment knows come from CDK context, namespaced by stage
 * (`-c bisn:prod:domainName=…` on the command line, or the `context` block of cdk.json):
 * - `bisn:<stage>:domainName`     custom domain of the site (optional for dev, required for prod)
 * - `bisn:<stage>:certificateArn` ACM certificate for that domain, in us-east-1 (CloudFront's region)
 * - `bisn:<stage>:mailDomain`     sender domain verified in SES (prod defaults to the site domain)
 * - `bisn:<stage>:postalAddress`  the sender's postal address printed in listing and requirement mail
 * - `bisn:<stage>:account`        target account (defaults to the CLI's current credentials)
 * - `bisn:<stage>:alarmEmail`     where alarms are mailed (defaults to operators@<mail domain>)
 * - `bisn:<stage>:createTrail`    "false" when the account already has a trail of management events
 *                                 (an organization trail): the console sync needs one to see admin calls
 */
export const stageNames = ['dev', 'prod'] as const;
export type StageName = (typeof stageNames)[number];

export const productName = 'BISN';

export interface CustomDomain {
  readonly domainName: string;
  /** ACM certificate in us-east-1 covering `domainName`. */
  readonly certificateArn: string;
}

export interface StageConfig {
  readonly name: StageName;
  readonly account?: string;
  /** us-west-2: closest region to Sacramento that has Amazon Location, SES v2 and EventBridge Scheduler. */
  readonly region: string;
  /** prod: deletion protection and RemovalPolicy.RETAIN on every stateful resource; dev: DESTROY. */
  readonly retainData: boolean;
  readonly logRetention: RetentionDays;
  readonly logLevel: 'DEBUG' | 'INFO';
  /**
   * Without a custom domain the site is served on the distribution's *.cloudfront.net name, whose
   * certificate CloudFront pins to a TLSv1 minimum; only a custom certificate enforces TLS 1.2.
   */
  readonly customDomain?: CustomDomain;
  readonly mail: {
    readonly domain: string;
    readonly fromAddress: string;
    readonly fromName: string;
    /** Cognito sends its codes through our SES identity (prod) or its own default sender (dev, 50 mails/day). */
    readonly cognitoViaSes: boolean;
    /**
     * SES sandbox (a fresh account): sending is also authorised against each verified recipient identity,
     * so the mailing functions may send from any identity of the account. Production access turns it off.
     */
    readonly sandbox: boolean;
    /** The sender's physical postal address, printed in every mail about listings or requirements (CAN-SPAM). */
    readonly postalAddress: string;
  };
  /** The public unsubscribe form's requests per hour, per address and per client IP (429 beyond). */
  readonly unsubscribeRequestLimits: { readonly perAddress: number; readonly perClient: number };
  /** Cognito Plus feature plan with full-function threat protection (compromised credentials, adaptive auth). */
  readonly threatProtection: boolean;
  /** API Gateway stage-wide steady-state requests per second and burst. */
  readonly apiThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * A CloudTrail trail of management events, which is what delivers the user pool's admin calls to
   * EventBridge (the console sync). One trail of management events per account is free.
   */
  readonly createTrail: boolean;
  /** What one broker may create a day (lib/config/daily-limits.ts). */
  readonly dailyLimits: { readonly requirements: number; readonly listings: number };
  /** The operators' address: the alarm topic mails it. */
  readonly alarmEmail: string;
}

/** Reads `bisn:<stage>:<key>` from CDK context. */
export type ContextLookup = (key: string) => unknown;

/** RETAIN for every stateful resource of a stage that keeps its data (prod), DESTROY otherwise. */
export function removalPolicyOf(config: StageConfig): RemovalPolicy {
  return config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}

export function isStageName(value: unknown): value is StageName {
  return typeof value === 'string' && (stageNames as readonly string[]).includes(value);
}

export function stageConfig(name: StageName, lookup: ContextLookup): StageConfig {
  const read = (key: string): string | undefined => {
    const value = lookup(`bisn:${name}:${key}`);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`Context bisn:${name}:${key} must be a string`);
    return value;
  };
  const customDomain = readCustomDomain(name, read('domainName'), read('certificateArn'));
  const account = read('account');

  if (name === 'prod') {
    if (!customDomain) {
      throw new Error(
        'Stage prod needs a custom domain: TLS 1.2 as the minimum is only possible with our own certificate. ' +
          'Pass -c bisn:prod:domainName=<site domain> -c bisn:prod:certificateArn=<ACM certificate ARN in us-east-1>.',
      );
    }
    const mailDomain = read('mailDomain') ?? customDomain.domainName;
    return {
      name,
      ...(account ? { account } : {}),
      region: 'us-west-2',
      retainData: true,
      logRetention: RetentionDays.SIX_MONTHS,
      logLevel: 'INFO',
      customDomain,
      mail: {
        domain: mailDomain,
        fromAddress: `no-reply@${mailDomain}`,
        fromName: productName,
        cognitoViaSes: true,
        sandbox: false,
        postalAddress: read('postalAddress') ?? senderPostalAddress,
      },
      unsubscribeRequestLimits,
      threatProtection: true,
      apiThrottle: { rateLimit: 50, burstLimit: 100 },
      alarmEmail: read('alarmEmail') ?? `operators@${mailDomain}`,
      createTrail: read('createTrail') !== 'false',
      dailyLimits: dailyCreationLimits.prod,
    };
  }

  // `.example` is reserved (RFC 2606): dev deploys without a real domain, and mail stays unsent until one
  // is configured with -c bisn:dev:mailDomain=… and verified in SES.
  const mailDomain = read('mailDomain') ?? 'dev.bisn.example';
  return {
    name,
    ...(account ? { account } : {}),
    region: 'us-west-2',
    retainData: false,
    logRetention: RetentionDays.TWO_WEEKS,
    logLevel: 'DEBUG',
    ...(customDomain ? { customDomain } : {}),
    mail: {
      domain: mailDomain,
      fromAddress: `no-reply@${mailDomain}`,
      fromName: `${productName} (dev)`,
      cognitoViaSes: false,
      sandbox: true,
      postalAddress: read('postalAddress') ?? senderPostalAddress,
    },
    unsubscribeRequestLimits,
    threatProtection: false,
    apiThrottle: { rateLimit: 10, burstLimit: 20 },
    alarmEmail: read('alarmEmail') ?? `operators@${mailDomain}`,
    createTrail: read('createTrail') !== 'false',
    dailyLimits: dailyCreationLimits.dev,
  };
}

function readCustomDomain(stage: StageName, domainName?: string, certificateArn?: string): CustomDomain | undefined {
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) {
    throw new Error(`Stage ${stage}: bisn:${stage}:domainName and bisn:${stage}:certificateArn go together.`);
  }
  if (!/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(`Stage ${stage}: bisn:${stage}:certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there).`);
  }
  return { domainName, certificateArn };
}
