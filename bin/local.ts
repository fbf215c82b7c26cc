/**
 * `npm start`: the whole product on this machine, in this one process (lib/local/stack.ts).
 * Ports come from BISN_*_PORT variables; state persists in .local/ (`npm run reset` wipes it).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { localLogLevel, printReadableLogs } from '../lib/local/log-lines';
import { PortInUseError } from '../lib/local/net';
import { DEFAULT_PORTS, startLocalStack, type LocalStack, type PortName } from '../lib/local/stack';
import { ENV_FILE, LOCAL_DIR, PID_FILE, runningStackPid } from '../lib/local/state';

// The Lambda runtime is Node 22+; locally the SDK's notice about Node 20 support is only noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const PORT_VARIABLES: Record<PortName, string> = {
  web: 'BISN_WEB_PORT',
  api: 'BISN_API_PORT',
  cognito: 'BISN_COGNITO_PORT',
  dynamodb: 'BISN_DYNAMODB_PORT',
  s3: 'BISN_S3_PORT',
  ses: 'BISN_SES_PORT',
  sqs: 'BISN_SQS_PORT',
};

/** A second Ctrl-C this long after the first exits at once. */
const FORCE_EXIT_AFTER_MS = 2000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function portsFromEnvironment(): Record<PortName, number> {
  const entries = (Object.keys(PORT_VARIABLES) as PortName[]).map((name) => {
    const variable = PORT_VARIABLES[name];
    const raw = process.env[variable];
    const port = raw === undefined || raw === '' ? DEFAULT_PORTS[name] : Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`${variable}=${raw} is not a port number (1-65535).`);
    return [name, port] as const;
  });
  return Object.fromEntries(entries) as Record<PortName, number>;
}

async function main(): Promise<void> {
  const already = runningStackPid();
  if (already) fail(`The local stack is already running (pid ${already}). Stop it with Ctrl-C first.`);

  const ports = portsFromEnvironment();
  const started = Date.now();
  printReadableLogs(process.stdout);
  printReadableLogs(process.stderr);
  let stack: LocalStack;
  try {
    stack = await startLocalStack({ dataDir: LOCAL_DIR, ports, web: true, scheduler: true, seed: true, logLevel: localLogLevel(process.env.BISN_LOG) });
  } catch (error) {
    if (error instanceof PortInUseError) {
      const name = (Object.keys(ports) as PortName[]).find((candidate) => ports[candidate] === error.port);
      const hint = name ? `, or run with another one: ${PORT_VARIABLES[name]}=<port> npm start` : '';
      fail(`Port ${error.port} (${error.service}) is already in use. Stop whatever uses it${hint}.`);
    }
    throw error;
  }

  mkdirSync(LOCAL_DIR, { recursive: true });
  writeFileSync(PID_FILE, String(process.pid));
  const { stop, events: _events, ...info } = stack;
  writeFileSync(ENV_FILE, `${JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), ...info }, null, 2)}\n`);

  let stoppingSince: number | undefined;
  const shutdown = async (signal: string) => {
    if (stoppingSince !== undefined) {
      // One Ctrl-C reaches this process more than once (terminal, npm and tsx all pass it on);
      // only a later one means "stop waiting".
      if (Date.now() - stoppingSince < FORCE_EXIT_AFTER_MS) return;
      console.error(`\n${signal} again: exiting without a clean stop.`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log('\nStopping the local stack…');
    try {
      await stop();
      console.log('Stopped.');
    } finally {
      rmSync(PID_FILE, { force: true });
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const startup = Date.now() - started;
  printBanner(stack, startup);
  // Enter shows the banner again, once logs have scrolled it away.
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (input: string) => {
    if (input.includes('\n')) printBanner(stack, startup);
  });
}

function printBanner(stack: LocalStack, ms: number): void {
  const dataDir = relative(process.cwd(), LOCAL_DIR) || LOCAL_DIR;
  const lines = [
    '',
    `BISN is running locally (started in ${(ms / 1000).toFixed(1)} s).`,
    '',
    `  Site          ${stack.urls.web ?? '(not served: web/vite.config.ts is missing)'}`,
    `  API           ${stack.urls.api}`,
    `  Mail viewer   ${stack.urls.mailViewer}   (verification codes and every mail the product sends)`,
    '',
    '  Emulators:',
    `    DynamoDB    ${stack.urls.dynamodb}   (DynamoDB Local)`,
    `    Cognito     ${stack.urls.cognito}   (cognito-local)`,
    `    S3          ${stack.urls.s3}   (s3rver)`,
    `    SES         ${stack.urls.ses}   (aws-ses-v2-local)`,
    `    SQS         ${stack.urls.sqs}   (local-aws-sqs: the delivery queue and its dead-letter queue, fed to the delivery worker)`,
    '',
  ];
  if (stack.demoLogins.length) {
    const width = Math.max(...stack.demoLogins.map((login) => login.email.length));
    lines.push('  Demo logins:');
    for (const login of stack.demoLogins) lines.push(`    ${login.email.padEnd(width)}  ${login.password}   ${login.role}`);
    lines.push('');
  }
  lines.push(
    `  Data persists in ${dataDir}/ (npm run reset wipes it). Run a job now: npm run job -- blast|broadcastRequirements|expireListings`,
    '  (the blast and the broadcast enqueue their mails; the delivery worker above sends them)',
    `  Logs: ${localLogLevel(process.env.BISN_LOG) === 'INFO' ? 'everything (BISN_LOG=info)' : 'warnings and errors (BISN_LOG=info for everything)'}. Enter shows this again.`,
    '  Ctrl-C stops everything.',
    '',
  );
  console.log(lines.join('\n'));
}

// A stray rejection (say, in a handler's background work) is reported and the stack keeps serving.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled promise rejection:', reason);
});

main().catch((error: unknown) => {
  console.error('The local stack could not start:', error);
  rmSync(PID_FILE, { force: true });
  process.exit(1);
});
