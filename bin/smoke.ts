/**
 * Smoke check of a deployed stage (the deploy workflow's last step):
 *
 *   npm run smoke -- --stage dev|prod                       URLs from the stage's web stack outputs
 *   npm run smoke -- --site-url <url> --api-url <url>       any running copy, e.g. the local stack
 *
 * Exits 1 and names each failed check.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { isStageName } from '../lib/config/stages';
import { smokeCheck, type SmokeTarget } from '../lib/ops/smoke';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function targetOf(stage: string): Promise<SmokeTarget> {
  if (!isStageName(stage)) throw new Error(`--stage ${stage}: expected dev or prod`);
  const stackName = `bisn-${stage}-Web`;
  const { Stacks } = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: stackName }));
  const output = (key: string) => {
    const value = Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === key)?.OutputValue;
    if (!value) throw new Error(`${stackName} has no output ${key}`);
    return value;
  };
  return { siteUrl: output('SiteUrl'), apiUrl: output('ApiUrl') };
}

const { values } = parseArgs({ options: { stage: { type: 'string' }, 'site-url': { type: 'string' }, 'api-url': { type: 'string' } } });
const target = values.stage ? await targetOf(values.stage) : { siteUrl: values['site-url'] ?? '', apiUrl: values['api-url'] ?? '' };
if (!target.siteUrl || !target.apiUrl) {
  console.error('Usage: npm run smoke -- --stage dev|prod  |  --site-url <url> --api-url <url>');
  process.exit(2);
}
const failures = await smokeCheck(target);
for (const failure of failures) console.error(`✗ ${failure}`);
console.log(failures.length ? `smoke check failed: ${failures.length} problem(s)` : `smoke check passed: ${target.siteUrl} and ${target.apiUrl}`);
process.exit(failures.length ? 1 : 0);
