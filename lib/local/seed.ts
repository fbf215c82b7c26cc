import { existsSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_REGION, tableCredentials } from './aws';
import type { DemoLogin, StackInfo } from './stack-info';
import { createConfirmedUser } from './testing';

/** What lib/local/seed/index.ts exports: creates the demo data and returns its logins. */
export type SeedModule = { seed(stack: StackInfo): Promise<DemoLogin[]> };

/** Written after a successful seed; it also keeps the logins for later starts. */
const MARKER_KEY = { pk: 'SEED', sk: 'v1' };
const SEED_MODULE = new URL('./seed/index.ts', import.meta.url);
export const DEMO_PASSWORD = 'Bisn!2345demo';

/** Seeds the demo data the first time (marker absent) and returns the demo logins every time. */
export async function seedOnce(stack: StackInfo): Promise<DemoLogin[]> {
  const TableName = stack.env.TABLE_NAME;
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.urls.dynamodb, region: LOCAL_REGION, credentials: tableCredentials(String(TableName)) }),
  );
  try {
    const { Item: marker } = await db.send(new GetCommand({ TableName, Key: MARKER_KEY }));
    if (marker) return marker.logins as DemoLogin[];
    const logins = await seed(stack);
    await db.send(new PutCommand({ TableName, Item: { ...MARKER_KEY, logins, seededAt: new Date().toISOString() } }));
    return logins;
  } finally {
    db.destroy();
  }
}

async function seed(stack: StackInfo): Promise<DemoLogin[]> {
  if (existsSync(SEED_MODULE)) return ((await import(SEED_MODULE.href)) as SeedModule).seed(stack);
  // Until the demo data exists: at least one operator and one broker who can sign in.
  const logins: DemoLogin[] = [
    { email: 'operator@bisn.local', password: DEMO_PASSWORD, role: 'operator', firstName: 'Olivia' },
    { email: 'broker@bisn.local', password: DEMO_PASSWORD, role: 'broker', firstName: 'Ben' },
  ];
  for (const login of logins) {
    await createConfirmedUser(stack, {
      email: login.email,
      password: login.password,
      firstName: login.firstName ?? 'Demo',
      lastName: 'Demo',
      operator: login.role === 'operator',
    });
  }
  return logins;
}
