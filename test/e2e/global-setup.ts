import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../lib/local/stack';
import type { DemoLogin } from '../../lib/local/stack-info';
import type { StackInfo } from '../../lib/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: {
      webUrl: string;
      apiUrl: string;
      urls: StackInfo['urls'];
      env: Record<string, string>;
      userPoolId: string;
      userPoolClientId: string;
      demoLogins: DemoLogin[];
    };
  }
}

/**
 * The whole product, as `npm start` runs it but with the web app's production build, on free ports and in
 * memory: emulators, gateway, scheduler, the site and the demo seed. Every e2e file talks to this one stack.
 */
export default async function setup(project: TestProject) {
  const stack = await startLocalStack({
    ports: { web: 0, api: 0, cognito: 0, dynamodb: 0, s3: 0, ses: 0, sqs: 0 },
    // The production build, served with CloudFront's headers: what the browser tests test is what ships.
    web: 'built',
    scheduler: true,
    seed: true,
    quiet: true,
    // The tests bounce mail and refuse requests on purpose; the warnings that logs are not failures.
    logLevel: 'ERROR',
  });
  project.provide('e2e', {
    webUrl: stack.urls.web!,
    apiUrl: stack.urls.api,
    urls: stack.urls,
    env: stack.env,
    userPoolId: stack.userPoolId,
    userPoolClientId: stack.userPoolClientId,
    demoLogins: stack.demoLogins,
  });
  return async () => {
    await stack.stop();
  };
}
