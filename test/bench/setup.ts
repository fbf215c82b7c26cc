import { reservePort, type PortReservation } from '../../lib/local/net';
import { startLocalStack, type LocalStack } from '../../lib/local/stack';
import { createConfirmedUser, signIn } from '../../lib/local/testing';
import { call, expectOk, newUser, type Broker } from '../api/requirements/support';
import { approvedBroker, bulkPut, userItems } from './seed';

export interface BenchStack {
  stack: LocalStack;
  /** Where the bench serves web/dist: the stack's SITE_URL, held until released just before the site listens. */
  webPort: PortReservation;
  operator: Broker;
  /** The signed-in, approved broker whose token every measured call carries (and who signs in to the web app). */
  broker: Broker & { password: string };
  /** Other brokers' ids: owners of the seeded listings and requirements (records only, no Cognito user). */
  ownerIds: string[];
}

const BROKER_PASSWORD = 'Bench!2345pass';

/** A broker as sign-up and approval leave one: Cognito user, record (created on first read), approved. */
async function approvedBenchBroker(stack: LocalStack, operator: Broker): Promise<BenchStack['broker']> {
  const email = `bench-broker-${Date.now()}@example.com`;
  const userId = await createConfirmedUser(stack, { email, password: BROKER_PASSWORD, firstName: 'Bench', lastName: 'Broker' });
  const { idToken } = await signIn(stack, email, BROKER_PASSWORD);
  await expectOk(call(stack, idToken, 'getUserByCognitoId', { params: { cognitoId: userId } }));
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId } }));
  return { userId, email, token: idToken, password: BROKER_PASSWORD };
}

/** The embedded stack in memory on free ports, without scheduler, Vite or demo data. */
export async function startBenchStack(owners = 50): Promise<BenchStack> {
  // No Vite: the bench serves the production build itself, on the port the stack's SITE_URL (CORS) names.
  const webPort = await reservePort();
  const stack = await startLocalStack({
    ports: { web: webPort.port, api: 0, cognito: 0, dynamodb: 0, s3: 0, ses: 0, sqs: 0 },
    quiet: true,
    seed: false,
    // The handlers as deployed: the response checks are for tests (lambdas/core/http.ts).
    checkResponses: false,
  });
  try {
    const operator = await newUser(stack, 'bench-operator', { operator: true });
    const broker = await approvedBenchBroker(stack, operator);
    const ownerRecords = Array.from({ length: owners }, (_, n) => approvedBroker(100_000 + n));
    await bulkPut(userItems(ownerRecords));
    return { stack, webPort, operator, broker, ownerIds: ownerRecords.map((o) => o.userId) };
  } catch (error) {
    await stack.stop();
    await webPort.release();
    throw error;
  }
}
