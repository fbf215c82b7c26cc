import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
// cdk-nag renders IAM5 findings with this function; the package has no exports map, and using its own
// renderer keeps our acknowledgement ids identical to its findings.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

/**
 * cdk-nag 3 acknowledgements (Validations.of(construct).acknowledge). Each call names the exact rule or
 * finding and says why it is acceptable here; an acknowledgement covers the construct and its children.
 */
export function acknowledge(scope: IConstruct, reason: string, ...ruleIds: string[]): void {
  for (const id of ruleIds) Validations.of(scope).acknowledge({ id, reason });
}

/**
 * AwsSolutions-IAM5 names a wildcard resource as it appears in the template, cross-stack references
 * included, and those are only final once the app is prepared. So the acknowledgement is added in a
 * validation hook of `scope`, which runs after references are resolved and before the validation
 * plugins, and names exactly the given resources (each must contain a deliberate `*`).
 */
export function acknowledgeWildcardResources(scope: IConstruct, reason: string, resources: readonly string[]): void {
  scope.node.addValidation({
    validate: () => {
      const stack = Stack.of(scope);
      for (const resource of resources) {
        const rendered = flattenCfnReference(stack.resolve(resource));
        if (!rendered.includes('*')) return [`${scope.node.path}: ${rendered} has no wildcard to acknowledge`];
        acknowledge(scope, reason, `AwsSolutions-IAM5[Resource::${rendered}]`);
      }
      return [];
    },
  });
}

/**
 * Every AwsSolutions-IAM5 finding of the policies under `scope`, for policies CDK writes itself (its
 * deployment and custom-resource handlers). Computed when references are final, like the above, with
 * cdk-nag's own rendering: an action containing `*`, or a resource whose rendering contains `*`.
 */
export function acknowledgeIam5Findings(scope: IConstruct, reason: string): void {
  scope.node.addValidation({
    validate: () => {
      for (const node of scope.node.findAll()) {
        if (!(node instanceof CfnPolicy)) continue;
        const document = Stack.of(node).resolve(node.policyDocument) as { Statement?: { Effect: string; Action: unknown; Resource: unknown }[] };
        for (const statement of document.Statement ?? []) {
          if (statement.Effect !== 'Allow') continue;
          for (const action of [statement.Action].flat() as string[]) {
            if (action.includes('*')) acknowledge(node, reason, `AwsSolutions-IAM5[Action::${action}]`);
          }
          for (const resource of [statement.Resource].flat()) {
            const rendered = flattenCfnReference(resource);
            if (rendered.includes('*')) acknowledge(node, reason, `AwsSolutions-IAM5[Resource::${rendered}]`);
          }
        }
      }
      return [];
    },
  });
}
