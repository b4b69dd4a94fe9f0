import { type FeatureFlag, featureFlags, type OperatorAccount } from '@overlap/contract/superadmin';
import { useEffect, useState } from 'react';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { Skeleton } from '../../../../ui/skeleton';
import { Switch } from '../../../../ui/switch';
import { useFeatures, useSaveFeatures } from '../../api/account-tools';
import { Section } from './section';

const ABOUT: Record<FeatureFlag, string> = {
  predictions: 'Predicted online times on the timeline and calendars',
  teams: 'Team management',
  'custom-integrations': 'Custom integrations beyond the plan',
};

/** The three feature flags: toggled, then saved together. */
export function FeaturesSection({ account }: { account: OperatorAccount }) {
  const features = useFeatures(account.id);
  const save = useSaveFeatures(account.id);
  const [draft, setDraft] = useState<FeatureFlag[] | null>(null);
  useEffect(() => {
    if (features.data) setDraft(features.data.features);
  }, [features.data]);
  const changed = draft !== null && features.data !== undefined && draft.join() !== features.data.features.join();

  return (
    <Section
      title="Feature flags"
      actions={
        <ConfirmDialog
          trigger={
            <Button variant="primary" size="sm" disabled={!changed} loading={save.isPending}>
              Save
            </Button>
          }
          title="Save the feature flags?"
          description={`The account will have: ${draft && draft.length > 0 ? draft.join(', ') : 'no flags'}.`}
          confirmLabel="Save"
          onConfirm={() => (draft ? save.mutateAsync(draft) : undefined)}
          errorOf={() => 'Failed to save features'}
        />
      }
    >
      {features.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Failed to load features
        </p>
      ) : !draft ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <ul className="flex flex-col gap-3">
          {featureFlags.map((flag) => (
            <li key={flag} className="flex items-center justify-between gap-4">
              <span className="min-w-0">
                <span className="block font-mono text-[13px] text-fg">{flag}</span>
                <span className="block text-[13px] text-muted">{ABOUT[flag]}</span>
              </span>
              <Switch
                label={flag}
                checked={draft.includes(flag)}
                onCheckedChange={(on) => setDraft(featureFlags.filter((f) => (f === flag ? on : draft.includes(f))))}
              />
            </li>
          ))}
        </ul>
      )}
      {save.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          Failed to save features
        </p>
      ) : null}
    </Section>
  );
}
