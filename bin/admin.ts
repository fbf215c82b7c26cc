/**
 * Operator commands (PRODUCT.md "Accounts and approval"):
 *
 *   npm run admin -- list [--status "awaiting approval"|active|disabled]
 *   npm run admin -- delegates
 *   npm run admin -- approve someone@example.com
 *   npm run admin -- disable someone@example.com
 *   npm run admin -- enable someone@example.com
 *   npm run admin -- remove-listing <id> | remove-requirement <id>
 *   npm run admin -- audit [--action <action>] [--limit N]
 *
 * Without --stage it runs the admin Lambdas' code in this process against the running local stack
 * (`npm start` writes its handler environment to .local/env.json). With --stage dev|prod it invokes the
 * deployed admin Lambda of the command (shared/api/routes.ts `adminFunctions`), found through the
 * `<Id>FunctionName` outputs of that stage's jobs stack (e.g. `AdminApproveFunctionName`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CloudFormationClient, paginateDescribeStacks } from '@aws-sdk/client-cloudformation';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { AUDIT_DEFAULT_LIMIT, type AdminEvent, type AdminResult } from '../lambdas/admin/command';
import { auditActions, type AuditAction } from '../shared/api/schemas/audit';
import { adminFunctionFor, adminOutputKey } from '../shared/api/routes';
import { auditActionNames, auditActorName, auditTargetName } from '../shared/rules/audit';
import { ENV_FILE, runningStackPid } from '../lib/local/state';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const usage = `Usage: npm run admin -- <list|delegates|approve|disable|enable> [email] [--status <status>] [--stage dev|prod]
       npm run admin -- <remove-listing|remove-requirement> <id> [--stage dev|prod]
       npm run admin -- audit [--action <action>] [--limit N] [--stage dev|prod]

  list                      accounts awaiting approval (oldest first); --status active|disabled for the others
  delegates                 delegates their brokers confirmed, awaiting approval (oldest first)
  approve <email>           activate the account and send the approval e-mail; also approves it as the
                            delegate of each broker who confirmed it
  disable <email>           disable the account (API and sign-in) and sign it out everywhere
  enable <email>            re-enable: active again if it had been approved, else awaiting approval
  remove-listing <id>       remove a listing (and its photos, matches and index entries)
  remove-requirement <id>   remove a requirement (and its matches and index entries)
  audit                     the operators' audit trail, newest first: who did what to whom, when
                            (the newest ${AUDIT_DEFAULT_LIMIT} unless --limit; --action ${auditActions.join('|')})

Without --stage the command runs against the local stack started by \`npm start\`.`;

class UsageError extends Error {}

function parseCommand(argv: string[]): { event: AdminEvent; stage?: string } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      stage: { type: 'string' },
      status: { type: 'string' },
      action: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [action, email] = positionals;
  if (values.help || !action) throw new UsageError(usage);
  if (values.stage !== undefined && !['dev', 'prod'].includes(values.stage)) throw new UsageError('--stage must be dev or prod');
  if (action === 'list') {
    return { event: { action, ...(values.status ? { status: values.status as 'active' } : {}) }, stage: values.stage };
  }
  if (action === 'delegates') return { event: { action }, stage: values.stage };
  if (action === 'audit') {
    if (values.action !== undefined && !(auditActions as readonly string[]).includes(values.action)) {
      throw new UsageError(`--action must be one of ${auditActions.join(', ')}`);
    }
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 10_000)) throw new UsageError('--limit must be a whole number from 1 to 10000');
    return {
      event: { action, ...(values.action ? { only: values.action as AuditAction } : {}), ...(limit ? { limit } : {}) },
      stage: values.stage,
    };
  }
  if (action === 'remove-listing' || action === 'remove-requirement') {
    if (!email) throw new UsageError(`${action} needs the id (the last part of its page's address).`);
    return { event: { action, id: email }, stage: values.stage };
  }
  if (action !== 'approve' && action !== 'disable' && action !== 'enable') throw new UsageError(`Unknown action "${action}".\n\n${usage}`);
  if (!email) throw new UsageError(`${action} needs the account's e-mail address.`);
  return { event: { action, email }, stage: values.stage };
}

/** In-process against the local stack: its environment, then the very module the Lambda runs. */
async function runLocally(event: AdminEvent): Promise<AdminResult> {
  if (!runningStackPid() || !existsSync(ENV_FILE)) {
    throw new UsageError('The local stack is not running. Start it first (npm start), or pass --stage dev|prod.');
  }
  const { env } = JSON.parse(readFileSync(ENV_FILE, 'utf8')) as { env: Record<string, string> };
  Object.assign(process.env, env, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR' });
  const { runAdminCommand } = await import('../lambdas/admin/run-command');
  return runAdminCommand(event);
}

/** Both stages deploy to us-west-2 (lib/config/stages.ts); AWS_REGION overrides it. */
const stageRegion = () => process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-west-2';

/** The admin function of a command on a stage: an output of its jobs stack (bin/app.ts names stages `bisn-<stage>`). */
async function adminFunctionName(stage: string, event: AdminEvent): Promise<string> {
  const outputKey = adminOutputKey(adminFunctionFor(event.action));
  const prefix = `bisn-${stage}-`;
  const found: { stack: string; fn: string }[] = [];
  const client = new CloudFormationClient({ region: stageRegion() });
  for await (const page of paginateDescribeStacks({ client }, {})) {
    for (const stack of page.Stacks ?? []) {
      const fn = stack.Outputs?.find((o) => o.OutputKey === outputKey)?.OutputValue;
      if (fn && stack.StackName?.startsWith(prefix)) found.push({ stack: stack.StackName, fn });
    }
  }
  if (found.length === 1) return found[0]!.fn;
  if (found.length === 0) {
    throw new Error(`No stack ${prefix}* with an ${outputKey} output in ${stageRegion()}. Is stage ${stage} deployed, and are AWS credentials for its account set?`);
  }
  throw new Error(`Several stacks of stage ${stage} have an ${outputKey} output: ${found.map((f) => f.stack).join(', ')}`);
}

async function runOnStage(stage: string, event: AdminEvent): Promise<AdminResult> {
  const functionName = await adminFunctionName(stage, event);
  const out = await new LambdaClient({ region: stageRegion() }).send(
    new InvokeCommand({ FunctionName: functionName, Payload: Buffer.from(JSON.stringify(event)) }),
  );
  const payload: unknown = out.Payload ? JSON.parse(Buffer.from(out.Payload).toString('utf8')) : undefined;
  if (out.FunctionError) {
    const message = (payload as { errorMessage?: string } | undefined)?.errorMessage ?? out.FunctionError;
    throw new Error(`The admin Lambda ${functionName} failed: ${message}`);
  }
  return payload as AdminResult;
}

const pastTense = { approve: 'Approved', disable: 'Disabled', enable: 'Enabled' } as const;

function print(result: AdminResult): void {
  if (!result.ok) {
    console.error(`✗ ${result.message}`);
    return;
  }
  if (result.action === 'list') {
    if (result.items.length === 0) {
      console.log('No accounts in this status.');
      return;
    }
    console.table(
      result.items.map((u) => ({
        'signed up': u.createdAt.slice(0, 10),
        name: `${u.firstName} ${u.lastName}`.trim(),
        email: u.email,
        license: u.license || '–',
        broker: u.brokerInfo?.name || '–',
        status: u.status,
        'e-mail confirmed': u.emailConfirmed ? 'yes' : 'no',
      })),
    );
    console.log(`${result.items.length} account(s).`);
    return;
  }
  if (result.action === 'delegates') {
    if (result.items.length === 0) {
      console.log('No delegate is waiting for approval.');
      return;
    }
    console.table(
      result.items.map((d) => ({
        confirmed: d.confirmedAt?.slice(0, 10) ?? '–',
        delegate: `${d.delegate.name} <${d.delegate.email}>`,
        broker: `${d.broker.name} <${d.broker.email}>`,
      })),
    );
    console.log(`${result.items.length} delegate(s). Approve each with: npm run admin -- approve <delegate e-mail>`);
    return;
  }
  if (result.action === 'audit') {
    if (result.items.length === 0) {
      console.log('The audit trail has no entries of this kind.');
      return;
    }
    console.table(
      result.items.map((entry) => ({
        when: entry.at,
        who: auditActorName(entry.actor),
        action: auditActionNames[entry.action],
        'on what': auditTargetName(entry.target),
        id: entry.target.id,
        detail: entry.detail ?? '',
      })),
    );
    console.log(`${result.items.length} entr${result.items.length === 1 ? 'y' : 'ies'}, newest first.`);
    return;
  }
  if ('id' in result) {
    console.log(`✓ Removed ${result.action === 'remove-listing' ? 'listing' : 'requirement'} ${result.id} (and everything stored with it).`);
    return;
  }
  const { user } = result;
  console.log(`✓ ${pastTense[result.action]} ${user.firstName} ${user.lastName} <${user.email}>: status is now "${user.status}".`);
  if (result.action === 'approve') console.log('  The approval e-mail goes out on the first approval only.');
}

async function main(): Promise<void> {
  const { event, stage } = parseCommand(process.argv.slice(2));
  const where = stage ? `stage ${stage}` : 'the local stack';
  console.log(`${event.action} on ${where}…`);
  const result = stage ? await runOnStage(stage, event) : await runLocally(event);
  print(result);
  process.exitCode = result.ok ? 0 : 1;
}

main().then(
  // The SDK clients keep sockets open; the command is done.
  () => process.exit(),
  (error: unknown) => {
    console.error(error instanceof UsageError ? error.message : `✗ ${(error as Error).message}`);
    process.exit(1);
  },
);
