import type { AuditAction, AuditActor, AuditTarget } from '../api/schemas/audit';

/** How the Operators page's Audit tab and `npm run admin -- audit` name each action. */
export const auditActionNames: Record<AuditAction, string> = {
  approve: 'Approved account',
  'approve-delegate': 'Approved delegate',
  'withdraw-approval': 'Withdrew approval',
  disable: 'Disabled account',
  enable: 'Enabled account',
  'remove-account': 'Removed account',
  'remove-listing': 'Removed listing',
  'remove-requirement': 'Removed requirement',
};

/** Who acted: the operator's e-mail, or the tool that names no operator. */
export function auditActorName(actor: AuditActor): string {
  if (actor.kind === 'operator') return actor.email;
  return actor.kind === 'admin-cli' ? 'admin CLI' : 'Cognito console';
}

/** What was acted on: a person with their e-mail, or an item's kind and title. */
export function auditTargetName(target: AuditTarget): string {
  if (target.kind !== 'user') return `${target.kind === 'listing' ? 'Listing' : 'Requirement'} “${target.name || 'untitled'}”`;
  return target.name ? `${target.name} <${target.email}>` : (target.email ?? target.id);
}
