import { signInAuthFlow, loadAuth } from '@/lib/amplify';
import { api } from '@/lib/api';
import { markSignedOut } from './session-storage';

/**
 * The identity-provider calls behind the account screens (spec 01 §7 "authentication service"), on
 * Amplify Auth: the same code against the local Cognito emulator and against Cognito in the cloud.
 * Each call imports only the Amplify functions it uses, once Amplify is configured (`loadAuth`), so the
 * account screens download them when the user submits, not when the screen opens.
 */

/** Spec 01 §8: the service's own message, else the screen's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return message || fallback;
}

export const signInFailed = 'Sign-in failed';
export const signUpFailed = 'Sign Up failed';
export const resetFailed = 'Reset failed';
export const invalidCode = 'Invalid Code, please re-enter.';
export const noLoggedInUser = 'No logged-in user found';

/**
 * The new-password challenge's required attributes the sign-in form asks for, by the sign-up form's field
 * names (the pool requires given_name and family_name; an account made in the console may lack them).
 */
export const challengeNameFields = { given_name: 'firstName', family_name: 'lastName' } as const;
export type ChallengeNameField = (typeof challengeNameFields)[keyof typeof challengeNameFields];
/** Spec 01 §4: the challenge is completed with the required attributes except these. */
const notAskedAttributes = new Set(['sub', 'email_verified', 'email']);

export type SignInOutcome =
  | { step: 'signedIn' }
  | { step: 'confirmSignUp' }
  /** The account needs a new password, and these attributes (Cognito's names) to go with it. */
  | { step: 'newPasswordRequired'; requiredAttributes: string[] };

/**
 * Sign-in by e-mail and password (USER_PASSWORD_AUTH against the local emulator, SRP in the cloud).
 * An account an operator created answers with the new-password challenge; with `newPassword` given the
 * challenge is completed in the same call, with the required attributes (spec 01 §4: all but sub,
 * email_verified and email) taken from `attributes`. An account whose e-mail is not confirmed yet answers
 * `confirmSignUp`. Any other refusal throws, and the session flag is set to false (spec 01 §4).
 */
export async function signInWithPassword(
  email: string,
  password: string,
  newPassword?: string,
  attributes: Partial<Record<ChallengeNameField, string>> = {},
): Promise<SignInOutcome> {
  await loadAuth();
  const { signIn, confirmSignIn } = await import('aws-amplify/auth');
  try {
    const { nextStep } = await signIn({ username: email, password, options: { authFlowType: signInAuthFlow() } });
    if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
      const requiredAttributes = (nextStep.missingAttributes ?? []).map(String).filter((name) => !notAskedAttributes.has(name));
      if (!newPassword) return { step: 'newPasswordRequired', requiredAttributes };
      const userAttributes = Object.fromEntries(
        requiredAttributes.map((name) => [name, attributes[challengeNameFields[name as keyof typeof challengeNameFields]]?.trim() ?? '']),
      );
      const confirmed = await confirmSignIn({ challengeResponse: newPassword, options: { userAttributes } });
      if (confirmed.nextStep.signInStep !== 'DONE') throw new Error(signInFailed);
      return { step: 'signedIn' };
    }
    if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return { step: 'confirmSignUp' };
    if (nextStep.signInStep !== 'DONE') throw new Error(signInFailed);
    return { step: 'signedIn' };
  } catch (error) {
    markSignedOut();
    throw error;
  }
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The e-mail of the broker an assistant asks to work for. */
  delegateOf?: string;
}

/**
 * Sign-up steps 1 and 2 (spec 01 §4): the Cognito account, then the user record. A failure to create the
 * record is logged and does not block: the next sign-in repairs it (GET /user/cognito/{sub}).
 * Answers whether the e-mail still needs its code.
 */
export async function signUpAccount(input: SignUpInput): Promise<{ needsConfirmation: boolean }> {
  await loadAuth();
  const { signUp } = await import('aws-amplify/auth');
  const result = await signUp({
    username: input.email,
    password: input.password,
    options: { userAttributes: { email: input.email, given_name: input.firstName, family_name: input.lastName } },
  });
  if (result.userId) {
    try {
      await api('createUser', {
        body: {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          cognitoId: result.userId,
          acceptedTermsAndConditions: true,
          ...(input.delegateOf ? { delegateOf: input.delegateOf } : {}),
        },
      });
    } catch (error) {
      console.error('Creating the user record failed; it is repaired on the next sign-in.', error);
    }
  }
  return { needsConfirmation: result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
}

export async function resendSignUpCode(email: string): Promise<void> {
  await loadAuth();
  const { resendSignUpCode } = await import('aws-amplify/auth');
  await resendSignUpCode({ username: email });
}

/**
 * Sign-up steps 3 and 4: the e-mail code, then sign-in with the password held in memory, then the API
 * marks the e-mail confirmed. A wrong code throws "Invalid Code, please re-enter.".
 */
export async function confirmAndSignIn(email: string, password: string, code: string): Promise<void> {
  const { getCurrentUser } = await loadAuth();
  const { confirmSignUp } = await import('aws-amplify/auth');
  try {
    await confirmSignUp({ username: email, confirmationCode: code.trim() });
  } catch (error) {
    console.error('Confirming the sign-up failed', error);
    markSignedOut();
    throw new Error(invalidCode);
  }
  const outcome = await signInWithPassword(email, password);
  if (outcome.step !== 'signedIn') throw new Error(signInFailed);
  const { userId } = await getCurrentUser();
  await api('setActiveStatus', { params: { userId } });
}

export async function startPasswordReset(email: string): Promise<void> {
  await loadAuth();
  const { resetPassword } = await import('aws-amplify/auth');
  await resetPassword({ username: email });
}

export async function finishPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await loadAuth();
  const { confirmResetPassword } = await import('aws-amplify/auth');
  await confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword });
}

/** Change password of the signed-in user; "No logged-in user found" without a valid session (spec 01 §5). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const { fetchAuthSession } = await loadAuth();
  const { tokens } = await fetchAuthSession().catch(() => ({ tokens: undefined }));
  if (!tokens?.accessToken) throw new Error(noLoggedInUser);
  const { updatePassword } = await import('aws-amplify/auth');
  await updatePassword({ oldPassword, newPassword });
}
