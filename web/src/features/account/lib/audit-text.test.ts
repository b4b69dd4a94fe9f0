import { describe, expect, it } from 'vitest';
import { describeAudit } from './audit-text';

describe('describeAudit', () => {
  it('names known actions', () => {
    expect(describeAudit({ action: 'operator.trial_extended', details: null })).toBe('Extended the trial');
    expect(describeAudit({ action: 'impersonation.started', details: {} })).toBe('Started impersonating');
  });
  it('reads a recorded request as its verb and route, marking refusals', () => {
    expect(describeAudit({ action: 'PATCH /api/v1/people/:id', details: { statusCode: 200 } })).toBe(
      'Changed /api/v1/people/:id',
    );
    expect(describeAudit({ action: 'DELETE /api/v1/activity-blocks/:id', details: { statusCode: 403 } })).toBe(
      'Deleted /api/v1/activity-blocks/:id (refused, 403)',
    );
  });
  it('spells out unknown actions', () => {
    expect(describeAudit({ action: 'billing.portal_opened', details: null })).toBe('billing: portal opened');
  });
});
