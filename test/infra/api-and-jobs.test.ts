import { beforeAll, describe, expect, it } from 'vitest';
import { adminFunctionFor, adminFunctions, adminOutputKey, jobs, queueFunctions, routes, scheduledJobs, streamFunctions } from '../../shared/api/routes';
import { MAX_DELIVERIES } from '../../lambdas/domain/delivery/messages';
import { STALE_CLAIM_MS } from '../../lambdas/domain/delivery/send';
import { apiStackRoutes, jobProfiles, routeArea, secondApiAreas } from '../../lib/config/functions';
import { resetEnvCache, env } from '../../lambdas/core/env';
import { functionsOf, referencedId, renderSample, resourcesOf, synthesiseStages, type FunctionInfo, type SynthesisedApp } from './synth';

describe('API and jobs', () => {
  let synth: SynthesisedApp;
  let apiFunctions: FunctionInfo[];
  let jobFunctions: FunctionInfo[];
  const routeFunction = (id: string) => apiFunctions.find((f) => f.description.startsWith(`${id}:`))!;
  const jobFunction = (id: string) => jobFunctions.find((f) => f.description.startsWith(id.startsWith('admin') ? `admin function ${id}:` : `job ${id}`))!;

  /** The routes are split over two Api stacks (lib/config/functions.ts apiStackRoutes). */
  const apiTemplates = () => [synth.template('dev', 'api'), synth.template('dev', 'api2')];
  const apiRoutesOf = () => apiTemplates().flatMap((template) => resourcesOf(template, 'AWS::ApiGatewayV2::Route'));

  beforeAll(() => {
    synth = synthesiseStages();
    apiFunctions = apiTemplates().flatMap(functionsOf);
    jobFunctions = functionsOf(synth.template('dev', 'jobs'));
  }, 120_000);

  describe('routes', () => {
    it('has exactly one function per route, described by its id', () => {
      expect(apiFunctions).toHaveLength(routes.length);
      for (const route of routes) expect(routeFunction(route.id), route.id).toBeDefined();
    });

    it('wires each route key to the function of that route, in the same stack', () => {
      expect(apiRoutesOf()).toHaveLength(routes.length);
      for (const template of apiTemplates()) {
        const integrations = new Map(resourcesOf(template, 'AWS::ApiGatewayV2::Integration').map((i) => [i.logicalId, i.properties]));
        const functionIds = new Set(functionsOf(template).map((f) => f.logicalId));
        for (const apiRoute of resourcesOf(template, 'AWS::ApiGatewayV2::Route')) {
          const route = routes.find((r) => apiRoute.properties.RouteKey === `${r.method} ${r.path}`)!;
          expect(route, String(apiRoute.properties.RouteKey)).toBeDefined();
          const [prefix, integrationRef] = (apiRoute.properties.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
          expect(prefix).toBe('integrations/');
          const integration = integrations.get(referencedId(integrationRef)!);
          expect(referencedId(integration?.IntegrationUri), route.id).toBe(routeFunction(route.id).logicalId);
          expect(functionIds.has(routeFunction(route.id).logicalId), route.id).toBe(true);
        }
      }
    });

    it("splits the routes over two Api stacks by area, each under CloudFormation's 500 resources", () => {
      const [first, second] = apiStackRoutes(routes);
      expect(second.map((r) => r.id).sort()).toEqual(routes.filter((r) => secondApiAreas.includes(routeArea(r))).map((r) => r.id).sort());
      expect(second.length).toBeGreaterThan(0);
      const keysOf = (template: ReturnType<typeof synth.template>) => resourcesOf(template, 'AWS::ApiGatewayV2::Route').map((r) => r.properties.RouteKey).sort();
      expect(keysOf(synth.template('dev', 'api'))).toEqual(first.map((r) => `${r.method} ${r.path}`).sort());
      expect(keysOf(synth.template('dev', 'api2'))).toEqual(second.map((r) => `${r.method} ${r.path}`).sort());
      for (const template of apiTemplates()) expect(resourcesOf(template).length).toBeLessThanOrEqual(500);
      // One authorizer for the whole API, with the API: both stacks' routes name it.
      expect(resourcesOf(synth.template('dev', 'web'), 'AWS::ApiGatewayV2::Authorizer')).toHaveLength(1);
    });

    it('puts the Cognito JWT authorizer on every non-public route and none on public ones', () => {
      const apiRoutes = apiRoutesOf();
      for (const route of routes) {
        const { properties } = apiRoutes.find((r) => r.properties.RouteKey === `${route.method} ${route.path}`)!;
        if (route.auth === 'public') {
          expect(properties.AuthorizationType ?? 'NONE', route.id).toBe('NONE');
          expect(properties.AuthorizerId, route.id).toBeUndefined();
        } else {
          expect(properties.AuthorizationType, route.id).toBe('JWT');
          expect(properties.AuthorizerId, route.id).toBeDefined();
        }
      }
      const [authorizer] = resourcesOf(synth.template('dev', 'web'), 'AWS::ApiGatewayV2::Authorizer');
      expect(authorizer!.properties).toMatchObject({ AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
      const jwt = authorizer!.properties.JwtConfiguration as { Issuer: unknown; Audience: unknown[] };
      expect(renderSample(jwt.Issuer, 'POOL')).toBe('https://cognito-idp.us-west-2.amazonaws.com/POOL');
      expect(jwt.Audience).toHaveLength(1);
    });

    it('runs Node 22 with the sizes of lib/config/functions.ts', () => {
      for (const route of routes) {
        const { properties } = routeFunction(route.id);
        const imageWork = route.id.startsWith('finalise');
        expect(properties, route.id).toMatchObject({ Runtime: 'nodejs22.x', Handler: 'index.handler', MemorySize: imageWork ? 1024 : 512, Timeout: imageWork ? 30 : 10 });
      }
    });

    it('runs on arm64 unless the function ships sharp, whose installed binaries are x64', () => {
      for (const route of routes) {
        const arch = (routeFunction(route.id).properties.Architectures as string[])[0];
        expect(['arm64', 'x86_64'], route.id).toContain(arch);
      }
      expect(routeFunction('getUserByCognitoId').properties.Architectures).toEqual(['arm64']);
      expect(routeFunction('finaliseListingImage').properties.Architectures).toEqual(['x86_64']);
    });

    it('gives every function an environment that lambdas/core/env.ts accepts', () => {
      const saved = { ...process.env };
      try {
        for (const fn of [...apiFunctions, ...jobFunctions]) {
          const variables = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
          // The delivery queue's URL is its Ref: rendered as SQS names a queue, the rest as the site's domain.
          const rendered = Object.fromEntries(
            Object.entries(variables).map(([k, v]) => [k, k === 'DELIVERY_QUEUE_URL' ? `https://sqs.us-west-2.amazonaws.com/123456789012/${referencedId(v)}` : renderSample(v, 'd111.cloudfront.net')]),
          );
          process.env = { ...rendered, AWS_REGION: 'us-west-2' };
          resetEnvCache();
          expect(() => env(), fn.description).not.toThrow();
          expect(rendered).toMatchObject({ GEOCODER: 'amazon-location', SITE_URL: 'https://d111.cloudfront.net', API_URL: 'https://d111.cloudfront.net/api', ASSET_BASE_URL: 'https://d111.cloudfront.net/images' });
          expect(rendered.UNSUBSCRIBE_SECRET).toBeUndefined();
        }
      } finally {
        process.env = saved;
        resetEnvCache();
      }
    });
  });

  describe('least privilege', () => {
    const all = () => [...apiFunctions, ...jobFunctions];
    const holders = (action: string) => all().filter((f) => f.actions.has(action)).map((f) => f.description.split(':')[0]).sort();

    it('has no action wildcard and no resource "*" anywhere but the one action that has no resource', () => {
      for (const fn of all()) {
        for (const [action, resources] of fn.resourcesByAction) {
          expect(action, fn.description).not.toContain('*');
          // SES's account-level suppression list has no ARN: lifting an address can only name "*".
          // Nor has the account's send quota, which the delivery worker paces itself by.
          if (action === 'ses:DeleteSuppressedDestination' || action === 'ses:GetAccount') expect(resources).toEqual(['*']);
          else expect(resources, `${fn.description} ${action}`).not.toContain('*');
        }
      }
    });

    it('lets GET routes read the table but not write it', () => {
      for (const route of routes) {
        const fn = routeFunction(route.id);
        expect(fn.actions.has('dynamodb:Query'), route.id).toBe(true);
        expect(fn.actions.has('dynamodb:PutItem'), route.id).toBe(route.method !== 'GET');
      }
    });

    it('names each GSI instead of index/*', () => {
      const queryResources = routeFunction('listRequirements').resourcesByAction.get('dynamodb:Query')!;
      expect(queryResources.some((r) => r.endsWith('/index/gsi1'))).toBe(true);
      expect(queryResources.some((r) => r.endsWith('/index/gsi2'))).toBe(true);
      expect(queryResources.some((r) => r.includes('*'))).toBe(false);
    });

    it('keeps Cognito admin calls to disabling and enabling (routes and admin function)', () => {
      expect(holders('cognito-idp:AdminDisableUser')).toEqual(['admin function adminAccess', 'adminDisableUser', 'adminEnableUser']);
      expect(holders('cognito-idp:AdminGetUser')).toContain('createUser');
    });

    it('lets only the mailing functions send e-mail, only the link and paged routes and the mailing jobs read the link key', () => {
      // The blast, the requirement broadcast and the instant alerts only plan: the delivery worker mails.
      expect(holders('ses:SendEmail')).toEqual(
        ['admin function adminApprove', 'adminApproveUser', 'createUser', 'event function cognitoConsoleSync', 'job matchNotices', 'job pauseSavedSearches', 'job sendReminders', 'queue function deliveryWorker', 'requestDelegation', 'unsubscribe'].sort(),
      );
      expect(holders('ses:GetAccount')).toEqual(['queue function deliveryWorker']);
      // Only the broker's own "e-mail me again" takes an address off SES's suppression list.
      expect(holders('ses:DeleteSuppressedDestination')).toEqual(['resumeMail']);
      expect(all().some((f) => [...f.actions].some((a) => a.startsWith('ses:') && /Suppress/.test(a) && a !== 'ses:DeleteSuppressedDestination'))).toBe(false);
      expect(holders('secretsmanager:GetSecretValue')).toEqual(
        ['queue function deliveryWorker', 'job matchNotices', 'job pauseSavedSearches', 'job sendReminders', 'unsubscribe', 'unsubscribeOneClick', 'getUnsubscribeLink', 'updateUnsubscribeLink', 'getRenewLink', 'useRenewLink',
          // Paged routes sign their cursors (lambdas/core/cursors.ts).
          'listRequirements', 'listMyRequirements', 'listListings', 'listMatches', 'listBrokers', 'adminListUsers', 'adminListExports', 'adminListAudit', 'adminListDelegations'].sort(),
      );
    });

    it('lets only listing writers geocode, and only image and listing deleters touch objects', () => {
      expect(holders('geo:SearchPlaceIndexForText')).toEqual(['createListing', 'updateListing']);
      expect(holders('s3:DeleteObject')).toEqual(
        [
          ...routes.filter((r) => r.entry.startsWith('lambdas/http/images/')).map((r) => r.id),
          'admin function adminRemove',
          'adminDeleteListing',
          'deleteListing',
          'event function cognitoConsoleSync',
          'job expireListings',
        ].sort(),
      );
    });
  });

  describe('jobs', () => {
    it('schedules every job of shared/api/routes.ts on its cron and time zone, or its rate; a job run by hand has its function and no schedule', () => {
      const schedules = resourcesOf(synth.template('dev', 'jobs'), 'AWS::Scheduler::Schedule');
      expect(schedules).toHaveLength(scheduledJobs.length);
      expect(scheduledJobs.length).toBe(jobs.length - 1);
      const rematch = jobFunction('rematch').logicalId;
      expect(schedules.some((s) => referencedId((s.properties.Target as { Arn: unknown }).Arn) === rematch)).toBe(false);
      for (const job of scheduledJobs) {
        const schedule = schedules.find((s) => referencedId((s.properties.Target as { Arn: unknown }).Arn) === jobFunction(job.id).logicalId);
        expect(schedule, job.id).toBeDefined();
        if ('cron' in job) {
          expect(schedule!.properties).toMatchObject({ ScheduleExpression: `cron(${job.cron})`, ScheduleExpressionTimezone: job.timeZone });
        } else {
          expect(schedule!.properties.ScheduleExpression).toBe(`rate(${job.rate})`);
        }
      }
    });

    it('runs the weekday blast at 09:00 New York time, Monday to Friday', () => {
      const schedules = resourcesOf(synth.template('prod', 'jobs'), 'AWS::Scheduler::Schedule');
      expect(schedules.map((s) => s.properties)).toContainEqual(
        expect.objectContaining({ ScheduleExpression: 'cron(0 9 ? * MON-FRI *)', ScheduleExpressionTimezone: 'America/New_York' }),
      );
    });

    it('sizes job functions by jobProfiles (the blast planner: 15 minutes, 512 MB; the delivery worker: 2 minutes, 256 MB)', () => {
      for (const id of [...jobs.map((j) => j.id), ...adminFunctions.map((fn) => fn.id)]) {
        const profile = jobProfiles[id];
        expect(jobFunction(id).properties, id).toMatchObject({ MemorySize: profile.memoryMb, Timeout: profile.timeoutSeconds });
      }
      expect(jobFunction('blast').properties).toMatchObject({ MemorySize: 512, Timeout: 900 });
      const worker = jobFunctions.find((f) => f.description.startsWith('queue function deliveryWorker'))!;
      expect(worker.properties).toMatchObject({ MemorySize: 256, Timeout: 120 });
    });

    it('delivers through one queue: its worker fed in batches with partial failures, a dead-letter queue after MAX_DELIVERIES and its alarm; only the planners and the worker send to it', () => {
      const template = synth.template('dev', 'jobs');
      const worker = jobFunctions.find((f) => f.description.startsWith('queue function deliveryWorker'))!;
      const queues = resourcesOf(template, 'AWS::SQS::Queue');
      const delivery = queues.find((q) => q.logicalId.startsWith('DeliveryQueue'))!;
      const deadLetters = queues.find((q) => q.logicalId.startsWith('DeliveryDeadLetters'))!;
      expect(delivery.properties).toMatchObject({ VisibilityTimeout: 6 * jobProfiles.deliveryWorker.timeoutSeconds, SqsManagedSseEnabled: true });
      // A worker that died leaves claims `sending` (its unmarked mails): they must be stale by the time its message comes back.
      expect(Number(delivery.properties.VisibilityTimeout) * 1000).toBeGreaterThan(STALE_CLAIM_MS);
      const redrive = delivery.properties.RedrivePolicy as { deadLetterTargetArn: unknown; maxReceiveCount: number };
      expect(redrive.maxReceiveCount).toBe(MAX_DELIVERIES);
      expect(referencedId(redrive.deadLetterTargetArn)).toBe(deadLetters.logicalId);

      const [mapping, ...others] = resourcesOf(template, 'AWS::Lambda::EventSourceMapping').filter((m) => JSON.stringify(m.properties.EventSourceArn).includes('DeliveryQueue'));
      expect(others).toEqual([]);
      const spec = queueFunctions.find((fn) => fn.id === 'deliveryWorker')!;
      expect(mapping!.properties).toMatchObject({ BatchSize: spec.batchSize, ScalingConfig: { MaximumConcurrency: spec.maxConcurrency }, FunctionResponseTypes: ['ReportBatchItemFailures'] });
      expect(referencedId(mapping!.properties.FunctionName)).toBe(worker.logicalId);
      expect(referencedId(mapping!.properties.EventSourceArn)).toBe(delivery.logicalId);

      const alarm = resourcesOf(template, 'AWS::CloudWatch::Alarm').find((a) => JSON.stringify(a.properties.Dimensions ?? []).includes(deadLetters.logicalId))!;
      expect(alarm.properties).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });

      const senders = [...apiFunctions, ...jobFunctions].filter((f) => f.actions.has('sqs:SendMessage') && (f.resourcesByAction.get('sqs:SendMessage') ?? []).some((r) => r.includes(delivery.logicalId)));
      expect(senders.map((f) => f.description.split(':')[0]).sort()).toEqual(['job blast', 'job broadcastRequirements', 'job searchAlerts', 'queue function deliveryWorker']);
      for (const fn of senders) expect((fn.properties.Environment as { Variables: Record<string, unknown> }).Variables.DELIVERY_QUEUE_URL, fn.description).toBeDefined();
      expect(worker.actions.has('sqs:ReceiveMessage')).toBe(true);
    });

    it("projects the table's stream: batches reporting failed items, split when they fail, retried, then kept in a failure queue with an alarm", () => {
      const template = synth.template('dev', 'jobs');
      const spec = streamFunctions.find((fn) => fn.id === 'projector')!;
      const projector = jobFunctions.find((f) => f.description.startsWith('stream function projector'))!;
      const mappings = resourcesOf(template, 'AWS::Lambda::EventSourceMapping').filter((m) => referencedId(m.properties.FunctionName) === projector.logicalId);
      expect(mappings).toHaveLength(1);
      const failures = resourcesOf(template, 'AWS::SQS::Queue').find((q) => q.logicalId.startsWith('ProjectionFailures'))!;
      expect(mappings[0]!.properties).toMatchObject({
        BatchSize: spec.batchSize,
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: spec.retryAttempts,
        MaximumRecordAgeInSeconds: 24 * 60 * 60,
        StartingPosition: 'TRIM_HORIZON',
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      expect(JSON.stringify(mappings[0]!.properties.EventSourceArn)).toContain('StreamArn');
      expect(referencedId((mappings[0]!.properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination)).toBe(failures.logicalId);
      const alarm = resourcesOf(template, 'AWS::CloudWatch::Alarm').find((a) => JSON.stringify(a.properties.Dimensions ?? []).includes(failures.logicalId));
      expect(alarm?.properties).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      // It reads the stream and writes the table (its derived records), and sends only to its failure queue.
      expect([...projector.actions].filter((action) => action.startsWith('dynamodb:'))).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:PutItem', 'dynamodb:Query']));
    });

    it('outputs each admin function name for `npm run admin -- --stage`, with only its commands\' permissions', () => {
      const outputs = synth.template('dev', 'jobs').toJSON().Outputs as Record<string, { Value: unknown }>;
      for (const fn of adminFunctions) expect(referencedId(outputs[adminOutputKey(fn)]?.Value), fn.id).toBe(jobFunction(fn.id).logicalId);
      expect(adminOutputKey(adminFunctionFor('approve'))).toBe('AdminApproveFunctionName');
      expect(synth.stages.dev.jobs.stackName).toMatch(/(^|[-_])dev([-_]|$)/);
    });
  });
});
