import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
  UserPoolGroup,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { approvedGroupName } from '../../shared/api/routes';
import { passwordPolicy } from '../../shared/api/schemas/auth';
import { removalPolicyOf, type StageConfig } from '../config/stages';
import { acknowledge } from '../constructs/nag';
import type { MailStack } from './mail-stack';
import { codeMail } from '../../lambdas/domain/mail/templates/code';

export interface AuthStackProps extends StackProps {
  readonly config: StageConfig;
  readonly mail: MailStack;
}

/** Group whose members are operators (PRODUCT.md "Accounts and approval"); the API reads it from the token. */
export const operatorsGroupName = 'operators';

/**
 * Cognito: e-mail is the username (case-insensitive), self sign-up confirmed by a 6-digit e-mail code,
 * the spec's password rules (shared/api/schemas/auth.ts), a public app client (no secret) for SRP in the
 * cloud and USER_PASSWORD_AUTH locally, and the `operators` group.
 *
 * prod sends Cognito's mails through our SES identity and runs the Plus plan with full threat protection;
 * dev uses Cognito's own sender (limited to 50 mails a day, enough for testing) on the Essentials plan.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config, mail } = props;

    const codeMessage = codeMail('code', '{####}');
    const invitation = codeMail('temporary', '{####}', '{username}');
    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      // Cognito's one verification message serves sign-up and password reset; both in BISN's mail frame.
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: codeMessage.subject,
        emailBody: codeMessage.html,
      },
      userInvitation: { emailSubject: invitation.subject, emailBody: invitation.html },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: true, mutable: true },
        familyName: { required: true, mutable: true },
      },
      passwordPolicy: { ...passwordPolicy, tempPasswordValidity: Duration.days(3) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      email: config.mail.cognitoViaSes
        ? UserPoolEmail.withSES({
            fromEmail: config.mail.fromAddress,
            fromName: config.mail.fromName,
            sesRegion: config.region,
            sesVerifiedDomain: config.mail.domain,
            configurationSetName: mail.configurationSet.configurationSetName,
          })
        : UserPoolEmail.withCognito(),
      featurePlan: config.threatProtection ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      ...(config.threatProtection ? { standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION } : {}),
      deletionProtection: config.retainData,
      removalPolicy: removalPolicyOf(config),
    });
    if (config.mail.cognitoViaSes) this.userPool.node.addDependency(mail.identity);

    acknowledge(
      this.userPool,
      "The product's sign-in, sign-up and reset flows (spec 01) have no second factor, and adding one is a product decision not taken; prod relies on the Plus plan's adaptive authentication and compromised-credential checks instead.",
      'AwsSolutions-COG2',
    );
    if (!config.threatProtection) {
      acknowledge(
        this.userPool,
        'dev holds only test accounts; the Plus plan (threat protection) is billed per monthly active user and is enabled in prod.',
        'AwsSolutions-COG8',
      );
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    new UserPoolGroup(this, 'Operators', {
      userPool: this.userPool,
      groupName: operatorsGroupName,
      description: 'Operators: approve, disable and enable accounts; remove listings and requirements',
    });

    new UserPoolGroup(this, 'Approved', {
      userPool: this.userPool,
      groupName: approvedGroupName,
      description: 'Approved accounts: adding a user here in the console approves the account (lambdas/domain/console-sync.ts)',
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
