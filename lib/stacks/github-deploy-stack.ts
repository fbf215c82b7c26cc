import { Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Effect, OidcProviderNative, PolicyStatement, Role, WebIdentityPrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { stageNames } from '../config/stages';
import { acknowledgeWildcardResources } from '../constructs/nag';

/** GitHub's OIDC issuer; its tokens' audience for AWS is STS. */
export const githubOidcIssuer = 'token.actions.githubusercontent.com';
/** The CDK bootstrap qualifier of `cdk bootstrap` without options: its roles are `cdk-hnb659fds-<kind>-<account>-<region>`. */
export const cdkBootstrapQualifier = 'hnb659fds';

export interface GitHubDeployStackProps extends StackProps {
  /** `owner/name` of the repository whose workflows may deploy. */
  readonly repository: string;
}

/**
 * Deployed once per AWS account (README "Deploy from CI"): GitHub's OIDC provider and the role the
 * deploy workflow assumes with its short-lived token; no stored keys. The role can do nothing itself but
 * assume the CDK bootstrap roles, which `cdk deploy` uses; only this repository's `main` branch, release
 * tags and the workflow's stage environments (where prod's required reviewers apply) may assume it.
 */
export class GitHubDeployStack extends Stack {
  readonly role: Role;

  constructor(scope: Construct, id: string, props: GitHubDeployStackProps) {
    super(scope, id, props);
    if (!/^[\w.-]+\/[\w.-]+$/.test(props.repository)) {
      throw new Error(`-c github=${props.repository}: expected the repository as owner/name`);
    }
    const provider = new OidcProviderNative(this, 'GitHubOidc', {
      url: `https://${githubOidcIssuer}`,
      clientIds: ['sts.amazonaws.com'],
    });
    const repo = `repo:${props.repository}`;
    this.role = new Role(this, 'DeployRole', {
      description: `Assumed by ${props.repository}'s deploy workflow; may only assume the CDK bootstrap roles`,
      maxSessionDuration: Duration.hours(1),
      assumedBy: new WebIdentityPrincipal(provider.oidcProviderArn, {
        StringEquals: { [`${githubOidcIssuer}:aud`]: 'sts.amazonaws.com' },
        StringLike: {
          [`${githubOidcIssuer}:sub`]: [
            `${repo}:ref:refs/heads/main`,
            `${repo}:ref:refs/tags/v*`,
            ...stageNames.map((stage) => `${repo}:environment:${stage}`),
          ],
        },
      }),
    });
    const bootstrapRoles = `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/cdk-${cdkBootstrapQualifier}-*-${Aws.ACCOUNT_ID}-*`;
    this.role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['sts:AssumeRole'], resources: [bootstrapRoles] }));
    acknowledgeWildcardResources(
      this.role,
      'The deploy role may assume only the CDK bootstrap roles (deploy, file/image publishing, lookup) of this account, in any region a stage uses.',
      [bootstrapRoles],
    );
    new CfnOutput(this, 'DeployRoleArn', { description: 'Set as the repository variable AWS_DEPLOY_ROLE_ARN', value: this.role.roleArn });
  }
}
