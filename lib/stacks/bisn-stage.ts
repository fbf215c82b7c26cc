import { Stage, type StageProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { routes } from '../../shared/api/routes';
import { apiStackRoutes, secondApiAreas } from '../config/functions';
import type { StageConfig } from '../config/stages';
import { type FunctionTargets, lambdaRuntime } from '../constructs/bisn-function';
import { repoRoot } from '../constructs/code-root';
import { acknowledge } from '../constructs/nag';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack, tableIndexes } from './data-stack';
import { JobsStack } from './jobs-stack';
import { MailStack } from './mail-stack';
import { MonitoringStack } from './monitoring-stack';
import { ApiAlarmsStack } from './api-alarms-stack';
import { WebStack } from './web-stack';

export interface BisnStageProps extends StageProps {
  readonly config: StageConfig;
  /** Directory the handler entries of shared/api/routes.ts are resolved against; default: the repository. */
  readonly codeRoot?: string;
}

/**
 * One deployment stage (dev, prod): its stacks are named `bisn-<stage>-<Stack>`, so both stages can
 * share an account. Order: Mail, Data, Auth → Web (needs the pool for runtime-config.json) → Api, Jobs.
 */
export class BisnStage extends Stage {
  readonly mail: MailStack;
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly web: WebStack;
  readonly api: ApiStack;
  /** The second half of the API's routes (lib/config/functions.ts apiStackRoutes). */
  readonly api2: ApiStack;
  readonly apiAlarms: ApiAlarmsStack;
  readonly jobs: JobsStack;
  readonly monitoring: MonitoringStack;

  constructor(scope: Construct, id: string, props: BisnStageProps) {
    super(scope, id, { ...props, env: { account: props.config.account, region: props.config.region } });
    const { config } = props;
    const codeRoot = props.codeRoot ?? repoRoot;

    this.mail = new MailStack(this, 'Mail', { config, description: `BISN ${config.name}: SES identity, unsubscribe key` });
    this.data = new DataStack(this, 'Data', { config, description: `BISN ${config.name}: table, place index` });
    this.auth = new AuthStack(this, 'Auth', { config, mail: this.mail, description: `BISN ${config.name}: Cognito` });
    this.web = new WebStack(this, 'Web', { config, auth: this.auth, description: `BISN ${config.name}: CloudFront, buckets, HTTP API` });

    this.monitoring = new MonitoringStack(this, 'Monitoring', {
      config,
      httpApi: this.web.httpApi,
      description: `BISN ${config.name}: alarm topic, stage-wide alarms, dashboard`,
    });

    const targets: FunctionTargets = {
      table: this.data.table,
      tableIndexes: tableIndexes.map((index) => index.indexName),
      imagesBucket: this.web.imagesBucket,
      userPoolArn: this.auth.userPool.userPoolArn,
      mail: { identityArn: this.mail.identity.emailIdentityArn, configurationSetArn: this.mail.configurationSetArn, sandbox: config.mail.sandbox },
      unsubscribeSecret: this.mail.unsubscribeSecret,
      placeIndexArn: this.data.placeIndex.attrIndexArn,
    };
    // lambdas/core/env.ts validates these at cold start.
    const environment = {
      TABLE_NAME: this.data.table.tableName,
      IMAGES_BUCKET: this.web.imagesBucket.bucketName,
      ASSET_BASE_URL: this.web.assetBaseUrl,
      SITE_URL: this.web.siteUrl,
      API_URL: this.web.apiUrl,
      MAIL_FROM: `${config.mail.fromName} <${config.mail.fromAddress}>`,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      UNSUBSCRIBE_SECRET_ARN: this.mail.unsubscribeSecret.secretArn,
      POSTAL_ADDRESS: config.mail.postalAddress,
      UNSUBSCRIBE_LIMIT_PER_ADDRESS: String(config.unsubscribeRequestLimits.perAddress),
      UNSUBSCRIBE_LIMIT_PER_CLIENT: String(config.unsubscribeRequestLimits.perClient),
      GEOCODER: 'amazon-location',
      PLACE_INDEX_NAME: this.data.placeIndex.indexName,
      LOG_LEVEL: config.logLevel,
      DAILY_REQUIREMENT_LIMIT: String(config.dailyLimits.requirements),
      DAILY_LISTING_LIMIT: String(config.dailyLimits.listings),
    };

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', this.auth.userPool, { userPoolClients: [this.auth.userPoolClient] });
    const [firstRoutes, secondRoutes] = apiStackRoutes(routes);
    const apiProps = { config, codeRoot, httpApi: this.web.httpApi, authorizer, targets, environment };
    this.api = new ApiStack(this, 'Api', { ...apiProps, routes: firstRoutes, description: `BISN ${config.name}: API routes and their functions` });
    this.api2 = new ApiStack(this, 'Api2', {
      ...apiProps,
      routes: secondRoutes,
      description: `BISN ${config.name}: API routes and their functions, the areas added after the first stack filled (${secondApiAreas.join(', ')})`,
    });
    this.apiAlarms = new ApiAlarmsStack(this, 'ApiAlarms', {
      functions: new Map([...this.api.functions, ...this.api2.functions]),
      alarmTopic: this.monitoring.alarmTopic,
      description: `BISN ${config.name}: the API functions' error and throttle alarms`,
    });
    this.jobs = new JobsStack(this, 'Jobs', { config, codeRoot, targets, environment, alarmTopic: this.monitoring.alarmTopic,
      userPoolId: this.auth.userPool.userPoolId,
      configurationSetName: this.mail.configurationSet.configurationSetName,
      description: `BISN ${config.name}: scheduled jobs, admin functions, the Cognito console sync, mail feedback`,
    });

    acknowledge(
      this,
      `Functions run ${lambdaRuntime.name}, the runtime the project fixed for the handlers (an LTS line Lambda supports into 2027); moving to the newest runtime is a deliberate upgrade, not a side effect of a CDK release.`,
      'AwsSolutions-L1',
    );
  }
}
