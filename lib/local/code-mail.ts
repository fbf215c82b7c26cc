import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { plainTextOf } from '../../lambdas/domain/mail/render';
import { codeMail, type CodePurpose } from '../../lambdas/domain/mail/templates/code';

/** Why Cognito sends a code (cognito-local's message sources). */
export type CodeSource =
  | 'AdminCreateUser'
  | 'Authentication'
  | 'ForgotPassword'
  | 'ResendCode'
  | 'SignUp'
  | 'UpdateUserAttribute'
  | 'VerifyUserAttribute';

export interface CodeMessage {
  readonly to: string;
  readonly source: CodeSource;
  readonly code: string;
}

const purposeOf = (source: CodeSource): CodePurpose =>
  source === 'ForgotPassword' ? 'reset' : source === 'AdminCreateUser' ? 'temporary' : 'verification';

/**
 * Delivers what Cognito would e-mail as a real message into the local SES store, in the frame of every
 * BISN mail (as the deployed pool's messages), so a newcomer reads the code in the mail viewer and tests
 * read it from `GET /store`.
 */
export function codeMailer(ses: SESv2Client, from: string): (message: CodeMessage) => Promise<void> {
  return async (message) => {
    const { subject, html } = codeMail(purposeOf(message.source), message.code, message.source === 'AdminCreateUser' ? message.to : undefined);
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: subject },
            Body: { Text: { Data: plainTextOf(html) }, Html: { Data: html } },
          },
        },
      }),
    );
  };
}
