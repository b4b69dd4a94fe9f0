import type { AuditEntry } from '@overlap/contract/audit';

const NAMED: Record<string, string> = {
  'account.renamed': 'Renamed the account',
  'account.active': 'Activated the account',
  'account.suspended': 'Suspended the account',
  'account.terminated': 'Terminated the account',
  'billing.plan_changed': 'Changed the plan',
  'impersonation.started': 'Started impersonating',
  'impersonation.stopped': 'Stopped impersonating',
  'operator.limits_changed': 'Changed the account limits',
  'operator.trial_extended': 'Extended the trial',
  'operator.features_changed': 'Changed the feature flags',
  'operator.blocks_fixed': 'Fixed activity blocks',
  'user.invited': 'Invited a user',
  'user.invitation_resent': 'Resent an invitation',
  'user.invitation_deleted': 'Deleted an invitation',
  'user.role_changed': 'Changed a user’s role',
  'invitation.accepted': 'Accepted an invitation',
};

const VERBS: Record<string, string> = { POST: 'Sent', PUT: 'Replaced', PATCH: 'Changed', DELETE: 'Deleted' };

/**
 * An audit entry as a sentence: known actions by name; a recorded request as its verb and path
 * ('Changed /api/v1/people/:id'), with its status when it was refused.
 */
export function describeAudit(entry: Pick<AuditEntry, 'action' | 'details'>): string {
  const named = NAMED[entry.action];
  if (named) return named;
  const request = /^(POST|PUT|PATCH|DELETE) (\S+)$/.exec(entry.action);
  if (request) {
    const status = typeof entry.details?.statusCode === 'number' ? entry.details.statusCode : null;
    const text = `${VERBS[request[1] as string]} ${request[2]}`;
    return status !== null && status >= 400 ? `${text} (refused, ${status})` : text;
  }
  return entry.action.replaceAll('_', ' ').replaceAll('.', ': ');
}
