import { TRIAL_EXTENSION_DAYS } from '@overlap/contract/superadmin';
import { AlertTriangle, CalendarPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../../api/client';
import { formatDate, formatDateTime } from '../../../../lib/format-time';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { Field } from '../../../../ui/field';
import { Input } from '../../../../ui/input';
import { useExtendTrial } from '../../api/accounts';
import { addDays, dateInputValue, minTrialDate, trialDateProblem, trialEndOf } from '../../lib/trial';

export const EXTEND_TRIAL_ERROR = 'Failed to extend trial';

/** The server's `error` sentence of a refused extension, else the spec's fallback. */
function trialError(err: unknown): string {
  const body = err instanceof ApiError ? (err.body as { error?: unknown } | undefined) : undefined;
  return typeof body?.error === 'string' && body.error ? body.error : EXTEND_TRIAL_ERROR;
}

/** A new trial end: tomorrow at the earliest, '+30 days' as a shortcut, asked before it is applied. */
export function ExtendTrialForm({ accountId }: { accountId: string }) {
  const extend = useExtendTrial(accountId);
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = trialDateProblem(date, new Date());
    setProblem(issue);
    setDone(null);
    if (!issue) setConfirming(true);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t border-line pt-4">
      <div className="flex flex-wrap items-end gap-2">
        <Field label="New trial end date" error={problem} className="min-w-44 flex-1">
          <Input
            type="date"
            value={date}
            min={minTrialDate(new Date())}
            onChange={(e) => {
              setDate(e.target.value);
              setProblem(null);
            }}
          />
        </Field>
        <Button
          onClick={() => {
            setDate(dateInputValue(addDays(new Date(), TRIAL_EXTENSION_DAYS)));
            setProblem(null);
          }}
        >
          +{TRIAL_EXTENSION_DAYS} days
        </Button>
        <Button type="submit" variant="primary" icon={<CalendarPlus />} loading={extend.isPending}>
          Extend trial
        </Button>
      </div>
      <p className="flex items-start gap-2 text-[13px] text-amber-800 dark:text-amber-300">
        <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        This changes the trial end in the card payment provider (Stripe) when the account has a subscription there, and
        in the database.
      </p>
      {done ? (
        <p role="status" className="text-[13px] text-emerald-700 dark:text-emerald-400">
          {done}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Extend the trial?"
        description={`The trial will end on ${date ? formatDate(trialEndOf(date)) : ''}, in Stripe (when subscribed there) and in the database.`}
        confirmLabel="Extend trial"
        onConfirm={async () => {
          const result = await extend.mutateAsync(trialEndOf(date));
          setDone(`Trial extended to ${formatDateTime(result.newTrialEndDate)}.`);
          setDate('');
        }}
        errorOf={trialError}
      />
    </form>
  );
}
