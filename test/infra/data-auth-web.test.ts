import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordPolicy } from '../../shared/api/schemas/auth';
import { passwordMinLength } from '../spec/field-limits';
import { hstsMaxAgeSeconds, securityHeaders } from '../../lib/config/security-headers';
import { prodCertificateArn, prodDomain, renderSample, resourcesOf, synthesiseStages, type SynthesisedApp } from './synth';

describe('data, auth and web', () => {
  let synth: SynthesisedApp;
  beforeAll(() => {
    synth = synthesiseStages();
  }, 120_000);

  describe('table', () => {
    it('has string pk/sk, gsi1 and gsi2 projecting ALL, on-demand billing and point-in-time recovery', () => {
      synth.template('dev', 'data').hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi1sk', AttributeType: 'S' },
          { AttributeName: 'gsi2pk', AttributeType: 'S' },
          { AttributeName: 'gsi2sk', AttributeType: 'S' },
        ]),
        BillingMode: 'PAY_PER_REQUEST',
        GlobalSecondaryIndexes: [1, 2].map((n) => ({
          IndexName: `gsi${n}`,
          KeySchema: [
            { AttributeName: `gsi${n}pk`, KeyType: 'HASH' },
            { AttributeName: `gsi${n}sk`, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
        Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
        // Only rate-limit counters carry the attribute; listings are deleted by the expiry job.
        TimeToLiveSpecification: { AttributeName: 'expiresAtEpoch', Enabled: true },
      });
    });

    it('is protected and retained in prod, destroyed with the stack in dev', () => {
      synth.template('prod', 'data').hasResource('AWS::DynamoDB::GlobalTable', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] }),
      });
      synth.template('dev', 'data').hasResource('AWS::DynamoDB::GlobalTable', {
        DeletionPolicy: 'Delete',
        Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })] }),
      });
    });

    it('has an Esri place index named after its stage', () => {
      for (const stage of ['dev', 'prod'] as const) {
        synth.template(stage, 'data').hasResourceProperties('AWS::Location::PlaceIndex', { DataSource: 'Esri', IndexName: `bisn-${stage}-Data-places` });
      }
    });
  });

  describe('user pool', () => {
    it('signs in by case-insensitive e-mail, self sign-up, verification by code, the spec\'s password rules', () => {
      synth.template('dev', 'auth').hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AutoVerifiedAttributes: ['email'],
        VerificationMessageTemplate: Match.objectLike({
          DefaultEmailOption: 'CONFIRM_WITH_CODE',
          EmailSubject: 'Your BISN verification code',
          // The mail frame of every BISN mail, with Cognito's placeholder for the code.
          EmailMessage: Match.stringLikeRegexp('^<!DOCTYPE html>.*name="viewport".*Your BISN code.*\\{####\\}'),
        }),
        AdminCreateUserConfig: Match.objectLike({
          AllowAdminCreateUserOnly: false,
          InviteMessageTemplate: { EmailSubject: 'Your BISN temporary password', EmailMessage: Match.stringLikeRegexp('\\{username\\}.*\\{####\\}') },
        }),
        Policies: {
          PasswordPolicy: Match.objectLike({
            // The spec's minimum (test/spec), not the code's constant: the form and the pool must both keep it.
            MinimumLength: passwordMinLength,
            RequireUppercase: passwordPolicy.requireUppercase,
            RequireLowercase: passwordPolicy.requireLowercase,
            RequireNumbers: passwordPolicy.requireDigits,
            RequireSymbols: passwordPolicy.requireSymbols,
          }),
        },
      });
    });

    it('has a public web client for SRP, USER_PASSWORD_AUTH and refresh, and the operators group', () => {
      const auth = synth.template('dev', 'auth');
      auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
        PreventUserExistenceErrors: 'ENABLED',
      });
      auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'operators' });
    });

    it('prod: deletion protection, retained, Plus plan with threat protection, mail through SES', () => {
      synth.template('prod', 'auth').hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({
          DeletionProtection: 'ACTIVE',
          UserPoolTier: 'PLUS',
          UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
          EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: `BISN <no-reply@${prodDomain}>` }),
        }),
      });
      synth.template('dev', 'auth').hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Delete',
        Properties: Match.objectLike({ DeletionProtection: 'INACTIVE', EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } }),
      });
    });
  });

  describe('site', () => {
    const distribution = (stage: 'dev' | 'prod') =>
      resourcesOf(synth.template(stage, 'web'), 'AWS::CloudFront::Distribution')[0]!.properties.DistributionConfig as Record<string, unknown>;

    it('sends the headers of lib/config/security-headers.ts: strict CSP, HSTS, nosniff, DENY, referrer policy', () => {
      const [policy] = resourcesOf(synth.template('dev', 'web'), 'AWS::CloudFront::ResponseHeadersPolicy');
      const config = policy!.properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: Record<string, Record<string, unknown>>;
        CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
      };
      const security = config.SecurityHeadersConfig;
      const csp = renderSample(security.ContentSecurityPolicy!.ContentSecurityPolicy, 'X');
      expect(csp).toBe(
        securityHeaders({
          apiUrl: 'https://X.execute-api.us-west-2.X/api',
          cognitoUrl: 'https://cognito-idp.us-west-2.X',
          extraConnect: ['https://X'],
          extraImg: ['https://maps.geo.us-west-2.X'],
        })['Content-Security-Policy'],
      );
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe("script-src 'self'");
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('connect-src')).toContain('https://cognito-idp.us-west-2.');
      expect(security.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: hstsMaxAgeSeconds, IncludeSubdomains: true, Override: true });
      expect(security.ContentTypeOptions).toMatchObject({ Override: true });
      expect(security.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
      expect(security.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
      const sameRecord = securityHeaders({ apiUrl: 'https://a', cognitoUrl: 'https://b' });
      expect(Object.fromEntries(config.CustomHeadersConfig.Items.map((h) => [h.Header, h.Value]))).toEqual({
        'Permissions-Policy': sameRecord['Permissions-Policy'],
        'Cross-Origin-Opener-Policy': sameRecord['Cross-Origin-Opener-Policy'],
      });
    });

    it('prod serves its own domain with a TLS 1.2 minimum; dev has only the default certificate', () => {
      expect(distribution('prod')).toMatchObject({
        Aliases: [prodDomain],
        ViewerCertificate: { AcmCertificateArn: prodCertificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      });
      expect(distribution('dev').ViewerCertificate, 'dev runs on the *.cloudfront.net certificate').toBeUndefined();
    });

    it('routes /images/* to the images bucket and /api/* to the HTTP API, uncached with the Authorization header', () => {
      const config = distribution('dev');
      const behaviours = config.CacheBehaviors as Record<string, unknown>[];
      const origins = config.Origins as { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: Record<string, unknown> }[];
      const originOf = (behaviour: Record<string, unknown> | undefined) => origins.find((o) => o.Id === behaviour?.TargetOriginId)!;

      const images = behaviours.find((b) => b.PathPattern === '/images/*');
      expect(JSON.stringify(originOf(images).DomainName)).toContain('Images');
      expect(originOf(images).OriginAccessControlId).toBeDefined();

      const api = behaviours.find((b) => b.PathPattern === '/api/*')!;
      expect(api).toMatchObject({
        ViewerProtocolPolicy: 'https-only',
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        AllowedMethods: expect.arrayContaining(['POST', 'PUT', 'DELETE']),
      });
      expect(renderSample(originOf(api).DomainName, 'X')).toBe('X.execute-api.us-west-2.X');
      expect(originOf(api).CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });

      const site = config.DefaultCacheBehavior as Record<string, unknown>;
      expect(JSON.stringify(originOf(site).DomainName)).toContain('Site');
      expect(site.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(config.Logging).toBeDefined();
    });

    it('falls back to index.html for client routes but not for files; serves image keys under /images, never raw uploads', () => {
      const functions = resourcesOf(synth.template('dev', 'web'), 'AWS::CloudFront::Function');
      const run = (comment: string, uri: string) => {
        const code = String(functions.find((f) => (f.properties.FunctionConfig as { Comment: string }).Comment.startsWith(comment))!.properties.FunctionCode);
        const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { uri?: string; statusCode?: number };
        const result = handler({ request: { uri } });
        return result.uri ?? result.statusCode;
      };
      expect(run('Client-side routes', '/consumer/listing/abc')).toBe('/index.html');
      expect(run('Client-side routes', '/')).toBe('/index.html');
      expect(run('Client-side routes', '/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
      expect(run('Client-side routes', '/runtime-config.json')).toBe('/runtime-config.json');
      expect(run('Object keys', '/images/listings/l1/large/x.jpg')).toBe('/listings/l1/large/x.jpg');
      expect(run('Object keys', '/images/listings/l1/uploads/0b7c.jpg')).toBe(404);
      const errors = distribution('dev').CustomErrorResponses;
      expect(errors, 'distribution-wide error pages would rewrite API 403/404s').toBeUndefined();
    });

    it('keeps the buckets private, TLS-only and logged; lets the site origin POST presigned uploads', () => {
      const web = synth.template('dev', 'web');
      const buckets = resourcesOf(web, 'AWS::S3::Bucket');
      expect(buckets).toHaveLength(3);
      for (const bucket of buckets) {
        expect(bucket.properties.PublicAccessBlockConfiguration, bucket.logicalId).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
      }
      for (const id of ['Images', 'Site']) {
        expect(buckets.find((b) => b.logicalId.startsWith(id))!.properties.LoggingConfiguration, id).toBeDefined();
      }
      const policies = resourcesOf(web, 'AWS::S3::BucketPolicy');
      for (const policy of policies) {
        expect(JSON.stringify(policy.properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
      }
      const cors = resourcesOf(web, 'Custom::AWS').find((r) => JSON.stringify(r.properties.Create).includes('putBucketCors'));
      const create = JSON.stringify(cors!.properties.Create);
      expect(create).toContain('putBucketCors');
      expect(create).toContain('\\"AllowedMethods\\":[\\"POST\\"]');
      expect(create).toContain('DomainName'); // the distribution's domain: the site origin
    });

    it('deploys runtime-config.json with the pool, client and URLs, revalidated on every load', () => {
      const deployments = resourcesOf(synth.template('dev', 'web'), 'Custom::CDKBucketDeployment');
      const entry = deployments.find((d) => JSON.stringify(d.properties.SystemMetadata ?? {}).includes('no-cache'));
      expect(entry).toBeDefined();
      const markers = JSON.stringify(entry!.properties.SourceMarkers);
      expect(markers).toContain('UserPool');
      expect(markers).toContain('WebClient');
      expect(markers).toContain('Distribution');
    });

    it('gives the listing map tiles from one host: the key, the runtime config and the CSP agree', () => {
      const template = synth.template('dev', 'web');
      const [key] = resourcesOf(template, 'AWS::Location::APIKey');
      const restrictions = key!.properties.Restrictions as { AllowActions: string[]; AllowResources: unknown[]; AllowReferers: unknown[] };
      expect(restrictions.AllowActions).toEqual(['geo-maps:GetTile']);
      expect(restrictions.AllowResources.map((r) => renderSample(r, 'X'))).toEqual(['arn:aws:geo-maps:us-west-2::provider/default']);
      // Only pages of the site (the distribution's domain) may use the key.
      expect(restrictions.AllowReferers.map((r) => renderSample(r, 'SITE'))).toEqual(['https://SITE/*']);
      expect(JSON.stringify(restrictions.AllowReferers)).toContain('Distribution');

      const web = synth.stages.dev.web;
      const tileUrl = web.resolve(web.runtimeConfig.mapTileUrl);
      expect(renderSample(tileUrl, 'X')).toBe('https://maps.geo.us-west-2.X/v2/tiles/raster.satellite/{z}/{x}/{y}?key=X');
      // The key's value, read by the DescribeKey custom resource.
      expect(JSON.stringify(tileUrl)).toMatch(/"Fn::GetAtt":\["MapTilesKeyValue\w+","Key"\]/);
      expect(web.runtimeConfig.mapTileAttribution).toMatch(/AWS/);

      const [policy] = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy');
      const csp = renderSample((policy!.properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } } }).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy, 'X');
      const img = csp.split('; ').find((d) => d.startsWith('img-src '))!.split(' ').slice(1);
      expect(img.filter((source) => source.startsWith('https://'))).toEqual(['https://maps.geo.us-west-2.X']);
    });

    it('names the API stage `api` (the distribution path), with access logs and throttling', () => {
      synth.template('dev', 'web').hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: 'api',
        AutoDeploy: true,
        AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') }),
        DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() }),
      });
    });

    it('outputs the site and API URLs, the pool and client ids', () => {
      for (const [stack, outputs] of [
        ['web', ['SiteUrl', 'ApiUrl']],
        ['auth', ['UserPoolId', 'UserPoolClientId']],
      ] as const) {
        expect(Object.keys(synth.template('prod', stack).toJSON().Outputs ?? {})).toEqual(expect.arrayContaining([...outputs]));
      }
      const siteUrl = (synth.template('prod', 'web').toJSON().Outputs as Record<string, { Value: unknown }>).SiteUrl!.Value;
      expect(renderSample(siteUrl)).toBe(`https://${prodDomain}`);
    });
  });
});
