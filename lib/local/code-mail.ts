import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';

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

export const VERIFICATION_SUBJECT = 'Your BISN verification code';
export const PASSWORD_RESET_SUBJECT = 'Your BISN password reset code';
export const TEMPORARY_PASSWORD_SUBJECT = 'Your BISN temporary password';

function compose({ to, source, code }: CodeMessage): { subject: string; text: string } {
  switch (source) {
    case 'ForgotPassword':
      return { subject: PASSWORD_RESET_SUBJECT, text: `Your password reset code is ${code}.` };
    case 'AdminCreateUser':
      return {
        subject: TEMPORARY_PASSWORD_SUBJECT,
        text: `Sign in with ${to} and the temporary password ${code}.`,
      };
    default:
      return { subject: VERIFICATION_SUBJECT, text: `Your verification code is ${code}.` };
  }
}

/**
 * Delivers what Cognito would e-mail as a real message into the local SES store, so a newcomer reads the
 * code in the mail viewer and tests read it from `GET /store`.
 */
export function codeMailer(ses: SESv2Client, from: string): (message: CodeMessage) => Promise<void> {
  return async (message) => {
    const { subject, text } = compose(message);
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: subject },
            Body: { Text: { Data: text }, Html: { Data: `<p>${text}</p>` } },
          },
        },
      }),
    );
  };
}
