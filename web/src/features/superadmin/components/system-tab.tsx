import type { SentryTestResult } from '@overlap/contract/superadmin';
import { Bug } from 'lucide-react';
import { useState } from 'react';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useSentryTest } from '../api/system';

export const SENTRY_TEST_ERROR = 'Failed to trigger Sentry test. Please try again.';

/** System: the error-tracking test. */
export function SystemTab() {
  const test = useSentryTest();
  const [result, setResult] = useState<SentryTestResult | null>(null);
  return (
    <Card>
      <CardHeader
        title="Error tracking"
        description="Sends one test error to Sentry, to check that server errors reach it."
        actions={
          <ConfirmDialog
            trigger={
              <Button icon={<Bug />} loading={test.isPending}>
                Test Sentry
              </Button>
            }
            title="Send a test error to Sentry?"
            description="The server reports a test exception to the configured Sentry project. Nothing else changes."
            confirmLabel="Send test error"
            onConfirm={async () => {
              setResult(null);
              setResult(await test.mutateAsync());
            }}
            errorOf={() => SENTRY_TEST_ERROR}
          />
        }
      />
      <CardContent>
        {result ? (
          <Banner tone="info" title={result.message} onDismiss={() => setResult(null)}>
            {result.details}
          </Banner>
        ) : test.isError ? (
          <Banner tone="danger">{SENTRY_TEST_ERROR}</Banner>
        ) : (
          <p className="text-sm text-muted">The result of the last test shows here.</p>
        )}
      </CardContent>
    </Card>
  );
}
