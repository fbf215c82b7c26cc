/**
 * The CDK app: one Stage per stage config (lib/config/stages.ts), chosen with `-c stage=dev|prod`
 * (default dev; `-c stage=all` synthesises both). `-c github=<owner>/<repo>` adds the once-per-account
 * stack `bisn-github-deploy` (GitHub OIDC provider and deploy role). cdk-nag's AWS Solutions checks run
 * on every synth and fail it on any finding that is neither fixed nor acknowledged with a reason.
 */
import { App, Validations } from 'aws-cdk-lib';
import { FAIL_SYNTH_ON_VALIDATION_ERRORS_CONTEXT } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { isStageName, stageConfig, stageNames, type StageName } from '../lib/config/stages';
import { BisnStage } from '../lib/stacks/bisn-stage';
import { GitHubDeployStack } from '../lib/stacks/github-deploy-stack';

const app = new App();
// The CLI turns this off and reports findings only for the stacks it selects; an app made of stages has
// none at its top level, so a plain `cdk synth` would pass with findings. The app fails the synth itself.
app.node.setContext(FAIL_SYNTH_ON_VALIDATION_ERRORS_CONTEXT, true);
const requested: unknown = app.node.tryGetContext('stage') ?? 'dev';
if (requested !== 'all' && !isStageName(requested)) {
  throw new Error(`-c stage=${String(requested)}: expected one of ${stageNames.join(', ')} or all`);
}
const selected: readonly StageName[] = requested === 'all' ? stageNames : [requested];
for (const name of selected) {
  new BisnStage(app, `bisn-${name}`, { config: stageConfig(name, (key) => app.node.tryGetContext(key)) });
}
const githubRepository: unknown = app.node.tryGetContext('github');
if (githubRepository !== undefined) {
  new GitHubDeployStack(app, 'bisn-github-deploy', {
    repository: String(githubRepository),
    description: 'BISN: GitHub OIDC provider and the deploy role of the CI workflows (once per account)',
  });
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
