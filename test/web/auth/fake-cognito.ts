import { loadRuntimeConfig } from '@/config/runtime-config';
import { json, stubFetch, testConfig, type RecordedRequest } from '../support/fake-backend';

/** Configuration of a stack with a Cognito endpoint of its own (as locally): Amplify signs in with USER_PASSWORD_AUTH. */
export const cognitoEndpoint = 'https://cognito.example.test';

export interface CognitoCall {
  action: string;
  body: Record<string, unknown>;
}

type CognitoAnswer = (call: CognitoCall) => Response;
type ApiAnswer = (request: RecordedRequest) => Response;

/** Cognito's error shape: Amplify turns it into an error with this name and message. */
export const cognitoError = (type: string, message: string) => json(400, { __type: type, message });

/**
 * The identity provider (outside our code) answering Amplify's JSON calls by action, and the product API
 * answering the rest. Returns what each received.
 */
export async function fakeBackends(cognito: CognitoAnswer, api: ApiAnswer = () => json(404, { message: 'Not found' })) {
  const cognitoCalls: CognitoCall[] = [];
  const apiRequests: RecordedRequest[] = [];
  stubFetch(
    (request) => {
      const target = request.headers.get('x-amz-target');
      if (target) {
        const call = { action: target.split('.')[1]!, body: JSON.parse(String(request.body)) as Record<string, unknown> };
        cognitoCalls.push(call);
        return cognito(call);
      }
      apiRequests.push(request);
      return api(request);
    },
    { ...testConfig, cognitoEndpoint },
  );
  await loadRuntimeConfig();
  return { cognitoCalls, apiRequests };
}
