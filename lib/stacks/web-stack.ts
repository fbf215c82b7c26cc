import { existsSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type ResponseHeadersPolicyProps,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { securityHeaders } from '../config/security-headers';
import type { StageConfig } from '../config/stages';
import { repoRoot } from '../constructs/code-root';
import { MapTiles, mapTileAttribution, mapTilesOrigin } from '../constructs/map-tiles';
import { acknowledge, acknowledgeIam5Findings } from '../constructs/nag';
import type { AuthStack } from './auth-stack';

export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  readonly auth: AuthStack;
}

/** Path prefixes the distribution routes to the API and to the images bucket. */
export const apiPathPrefix = '/api';
export const imagesPathPrefix = '/images';
/** The built SPA; when it is missing at synth time only runtime-config.json is deployed. */
export const webDistDir = path.join(repoRoot, 'web', 'dist');

/**
 * Everything the browser talks to, behind ONE CloudFront distribution (one origin: no CORS, and a CSP
 * whose connect-src is essentially 'self'):
 * - default behaviour: the SPA bucket (OAC); a viewer-request function sends every extension-less path
 *   to /index.html (client-side routes). Distribution-wide 403/404 error responses would also rewrite
 *   the API's own 403/404 answers, so the SPA fallback is this function instead;
 * - `/images/*`: the private images bucket (OAC); a function strips the prefix, so an object's key is its
 *   path under ASSET_BASE_URL = <site>/images (and refuses raw uploads);
 * - `/api/*`: the HTTP API, whose stage is named `api`, so /api/user/… reaches the route /user/… (no cache,
 *   every viewer header but Host, including Authorization, is forwarded).
 * The HTTP API itself (stage, throttling, access logs) lives here because the distribution fronts it;
 * its routes and functions are in the Api stack, which needs this stack's URLs.
 *
 * The images bucket's CORS rule (POST from the site origin, for presigned uploads) names the
 * distribution's domain while the distribution names the bucket, a cycle CloudFormation cannot create in
 * one resource; a custom resource sets the rule after both exist (the pattern CDK itself uses for
 * bucket notifications).
 */
export class WebStack extends Stack {
  readonly imagesBucket: Bucket;
  readonly httpApi: HttpApi;
  readonly distribution: Distribution;
  /** https://<site domain>, no trailing slash. */
  readonly siteUrl: string;
  /** https://<site domain>/api */
  readonly apiUrl: string;
  /** https://<site domain>/images */
  readonly assetBaseUrl: string;
  /** What the deployment writes as /runtime-config.json (web/src/config/runtime-config.ts). */
  readonly runtimeConfig: Readonly<Record<string, unknown>>;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config, auth } = props;
    const removal = config.retainData
      ? { removalPolicy: RemovalPolicy.RETAIN }
      : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };
    const privateBucket: BucketProps = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      ...removal,
    };

    // CloudFront standard logs need ACLs (object writer); S3 server access logs go here too.
    const logsBucket = new Bucket(this, 'AccessLogs', {
      ...privateBucket,
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(config.retainData ? 365 : 30) }],
    });

    this.imagesBucket = new Bucket(this, 'Images', { ...privateBucket, serverAccessLogsBucket: logsBucket, serverAccessLogsPrefix: 's3/images/' });
    const siteBucket = new Bucket(this, 'Site', { ...privateBucket, serverAccessLogsBucket: logsBucket, serverAccessLogsPrefix: 's3/site/' });

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `BISN product API (${config.name})`,
      createDefaultStage: false,
    });
    const apiAccessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: config.logRetention, removalPolicy: removal.removalPolicy });
    new HttpStage(this, 'ApiStage', {
      httpApi: this.httpApi,
      stageName: apiPathPrefix.slice(1),
      autoDeploy: true,
      throttle: config.apiThrottle,
      accessLogSettings: { destination: new LogGroupLogDestination(apiAccessLogs), format: AccessLogFormat.custom(JSON.stringify(apiAccessLogFields)) },
    });

    const siteDomain = config.customDomain?.domainName;
    const headersPolicy = new ResponseHeadersPolicy(
      this,
      'SecurityHeaders',
      responseHeadersPolicyProps(
        securityHeaders({
          apiUrl: `https://${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}${apiPathPrefix}`,
          cognitoUrl: `https://cognito-idp.${this.region}.${this.urlSuffix}`,
          // Presigned POST uploads go straight to the images bucket's regional endpoint.
          extraConnect: [`https://${this.imagesBucket.bucketRegionalDomainName}`],
          // The listing map's tiles (lib/constructs/map-tiles.ts).
          extraImg: [mapTilesOrigin(this)],
        }),
      ),
    );

    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Client-side routes: extension-less paths get /index.html',
      code: FunctionCode.fromInline(
        "function handler(event) { var r = event.request; if (r.uri.split('/').pop().indexOf('.') === -1) { r.uri = '/index.html'; } return r; }",
      ),
    });
    // Raw uploads (`<prefix>/uploads/<uuid>`, lambdas/domain/images.ts) are unchecked bytes until
    // finalised: they are never served, only the variants made from them.
    const imagesPath = new CloudFrontFunction(this, 'ImagesPath', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Object keys are paths under /images/; raw uploads are not served',
      code: FunctionCode.fromInline(
        `function handler(event) { var r = event.request; var key = r.uri.slice(${imagesPathPrefix.length}); ` +
          "if (key.indexOf('/uploads/') !== -1) { return { statusCode: 404, statusDescription: 'Not Found' }; } r.uri = key; return r; }",
      ),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `BISN ${config.name}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...(config.customDomain
        ? {
            // Takes effect only with our own certificate; *.cloudfront.net stays at CloudFront's TLSv1.
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            domainNames: [config.customDomain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', config.customDomain.certificateArn),
          }
        : {}),
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headersPolicy,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${imagesPathPrefix}/*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(this.imagesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headersPolicy,
          functionAssociations: [{ function: imagesPath, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        [`${apiPathPrefix}/*`]: {
          origin: new HttpOrigin(`${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headersPolicy,
        },
      },
    });
    acknowledgeDistribution(this.distribution, config);

    const siteOrigin = `https://${siteDomain ?? this.distribution.distributionDomainName}`;
    this.siteUrl = siteOrigin;
    this.apiUrl = `${siteOrigin}${apiPathPrefix}`;
    this.assetBaseUrl = `${siteOrigin}${imagesPathPrefix}`;
    const mapTiles = new MapTiles(this, 'MapTiles', { siteOrigin });

    new AwsCustomResource(this, 'ImagesBucketCors', {
      onUpdate: {
        service: 'S3',
        action: 'putBucketCors',
        parameters: {
          Bucket: this.imagesBucket.bucketName,
          CORSConfiguration: {
            CORSRules: [{ AllowedOrigins: [siteOrigin], AllowedMethods: ['POST'], AllowedHeaders: ['*'], ExposeHeaders: ['ETag'], MaxAgeSeconds: 3600 }],
          },
        },
        physicalResourceId: PhysicalResourceId.of(`${this.imagesBucket.bucketName}-cors`),
      },
      policy: AwsCustomResourcePolicy.fromStatements([new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [this.imagesBucket.bucketArn] })]),
      installLatestAwsSdk: false,
    });

    this.runtimeConfig = {
      apiUrl: this.apiUrl,
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.userPoolClient.userPoolClientId,
      assetBaseUrl: this.assetBaseUrl,
      stage: config.name,
      mapTileUrl: mapTiles.tileUrl,
      mapTileAttribution,
    };
    this.deploySite(siteBucket, this.runtimeConfig);

    acknowledgeCdkHandlers(this);

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl });
    new CfnOutput(this, 'ApiUrl', { value: this.apiUrl });
    new CfnOutput(this, 'DistributionDomainName', {
      description: siteDomain ? `CNAME target for ${siteDomain}` : 'The site is served on this name',
      value: this.distribution.distributionDomainName,
    });
  }

  /**
   * Hashed build assets (web/dist/assets) are immutable; everything else, index.html and
   * runtime-config.json included, is revalidated on every load so a release shows at once.
   * Nothing is pruned: a browser still running the previous index.html can load its chunks.
   */
  private deploySite(siteBucket: Bucket, runtimeConfig: Record<string, unknown>): void {
    const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
    const assetsDir = path.join(webDistDir, 'assets');
    const assets = hasBuild && existsSync(assetsDir)
      ? new BucketDeployment(this, 'SiteAssets', {
          destinationBucket: siteBucket,
          destinationKeyPrefix: 'assets/',
          sources: [Source.asset(assetsDir)],
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          prune: false,
        })
      : undefined;
    const entry = new BucketDeployment(this, 'SiteEntry', {
      destinationBucket: siteBucket,
      sources: [
        ...(hasBuild ? [Source.asset(webDistDir, { exclude: ['assets', 'assets/**', 'runtime-config.json'] })] : []),
        Source.jsonData('runtime-config.json', runtimeConfig),
      ],
      cacheControl: [CacheControl.noCache()],
      prune: false,
    });
    if (assets) entry.node.addDependency(assets);
  }
}

/** HTTP API access log line: the request, the caller's IP, the route, the outcome and why it failed. */
const apiAccessLogFields = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
};

/**
 * The CloudFront form of lib/config/security-headers.ts: its security headers in the typed fields
 * CloudFront requires for them, the rest as custom headers. Throws on a header it does not know how to
 * carry, so the cloud cannot silently send less than the local server.
 */
export function responseHeadersPolicyProps(headers: Record<string, string>): ResponseHeadersPolicyProps {
  const { 'Content-Security-Policy': csp, 'Strict-Transport-Security': hsts, 'X-Content-Type-Options': nosniff, 'X-Frame-Options': frame, 'Referrer-Policy': referrer, ...custom } = headers;
  const maxAge = /max-age=(\d+)/.exec(hsts ?? '')?.[1];
  if (!csp || !maxAge || nosniff !== 'nosniff' || frame !== 'DENY' || referrer !== 'strict-origin-when-cross-origin') {
    throw new Error(`responseHeadersPolicyProps: unexpected security headers ${JSON.stringify(headers)}`);
  }
  return {
    comment: 'BISN security headers (lib/config/security-headers.ts)',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(Number(maxAge)),
        includeSubdomains: /includeSubDomains/i.test(hsts!),
        preload: /preload/i.test(hsts!),
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    },
    customHeadersBehavior: {
      customHeaders: Object.entries(custom).map(([header, value]) => ({ header, value, override: true })),
    },
  };
}

function acknowledgeDistribution(distribution: Distribution, config: StageConfig): void {
  acknowledge(
    distribution,
    'Members are US brokers, but they travel and open e-mailed links from anywhere; nothing legal requires blocking countries, and the API authenticates every non-public call.',
    'AwsSolutions-CFR1',
  );
  acknowledge(
    distribution,
    'No WAF yet: a web ACL for CloudFront lives in us-east-1 and costs a fixed monthly fee; abuse is bounded by API Gateway throttling, Cognito (threat protection in prod) and the signed, size-limited upload policies. Revisit when traffic grows.',
    'AwsSolutions-CFR2',
  );
  if (!config.customDomain) {
    acknowledge(
      distribution,
      'This stage has no custom domain: on *.cloudfront.net CloudFront fixes the minimum protocol at TLSv1 and refuses any other. With a domain and certificate (required for prod) the distribution enforces TLSv1.2_2021.',
      'AwsSolutions-CFR4',
    );
  }
}

/**
 * Handler functions CDK itself provides (BucketDeployment, AwsCustomResource): their runtime, their
 * AWSLambdaBasicExecutionRole and their policies are CDK's. They live at the stack's top level as
 * singletons, so the acknowledgement goes to each of them.
 */
function acknowledgeCdkHandlers(stack: Stack): void {
  for (const child of stack.node.children) {
    if (!/^(Custom::CDKBucketDeployment|AWS679f53fac002430cb0da5b7982bd2287)/.test(child.node.id)) continue;
    const what = child.node.id.startsWith('Custom::CDKBucketDeployment')
      ? 'CDK BucketDeployment handler: copies the site from the CDK asset bucket into the site bucket'
      : 'CDK AwsCustomResource handler: sets the images bucket CORS rule';
    acknowledge(child, `${what}; CDK chooses its runtime.`, 'AwsSolutions-L1');
    acknowledge(child, `${what}; CDK attaches AWSLambdaBasicExecutionRole for its logs.`, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]');
    acknowledgeIam5Findings(child, `${what}; its object-level permissions on those buckets are generated by CDK.`);
  }
}
