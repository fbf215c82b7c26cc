import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { ConfigurationSet, ConfigurationSetTlsPolicy, EmailIdentity, EmailSendingEvent, EventDestination, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { removalPolicyOf, type StageConfig } from '../config/stages';
import { acknowledge } from '../constructs/nag';

export interface MailStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * Outgoing mail: the SES v2 domain identity of the stage's sender domain (Easy DKIM; the CNAME records are
 * stack outputs to publish in DNS), a configuration set that requires TLS and suppresses bounced and
 * complaining addresses (the identity's default, so senders need not name it), and the HMAC key of the
 * one-click unsubscribe links.
 */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly configurationSetArn: string;
  readonly unsubscribeSecret: ISecret;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { config } = props;

    const configurationSet = (this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    }));
    // Bounces and complaints go to the account's default event bus, where the Jobs stack's mailFeedback rule
    // picks them up and stops mail to that address (lambdas/domain/mail-feedback.ts); opens and clicks (SES
    // tracks them for the configuration set's mails) tell that a saved search's mails are read.
    configurationSet.addEventDestination('Feedback', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.OPEN, EmailSendingEvent.CLICK],
    });
    this.configurationSetArn = this.formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: configurationSet.configurationSetName,
    });
    this.identity = new EmailIdentity(this, 'SenderDomain', {
      identity: Identity.domain(config.mail.domain),
      configurationSet,
    });
    this.identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `DkimRecord${i + 1}`, { description: `DKIM CNAME ${i + 1} for ${config.mail.domain}`, value: `${record.name} CNAME ${record.value}` });
    });

    this.unsubscribeSecret = new Secret(this, 'UnsubscribeKey', {
      description: 'HMAC key of the one-click unsubscribe links in broadcast e-mails',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: removalPolicyOf(config),
    });
    acknowledge(
      this.unsubscribeSecret,
      'Rotating the unsubscribe HMAC key would void the one-click links in every e-mail already delivered (RFC 8058 links must keep working); it is rotated by hand after a suspected leak.',
      'AwsSolutions-SMG4',
    );
  }
}
