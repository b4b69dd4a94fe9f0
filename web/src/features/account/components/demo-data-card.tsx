import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useAccount } from '../../../api/account';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toaster';
import { useRemoveDemoData } from '../api/demo-data';

const peopleText = (n: number) => (n === 1 ? '1 demo person' : `${n} demo people`);

/** Managers: the demo team is outside the plan's limit; 'Remove demo data' clears it in one step. */
export function DemoDataCard() {
  const account = useAccount();
  const remove = useRemoveDemoData();
  const [open, setOpen] = useState(false);
  const demo = account.data?.demoPeople ?? 0;
  if (demo <= 0) return null;

  return (
    <section
      aria-labelledby="demo-data-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 gap-3">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="demo-data-heading" className="text-sm font-semibold">
            Demo data
          </h2>
          <p className="text-sm text-muted">
            {peopleText(demo)} show how Overlap looks with a team. They do not count against your plan's people limit.
          </p>
        </div>
      </div>
      <Button variant="danger" size="sm" className="self-start sm:self-center" onClick={() => setOpen(true)}>
        Remove demo data
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="danger"
        title="Remove demo data?"
        description={`This removes the Demo Data integration and ${peopleText(demo)} with all their activity. Your own people and integrations stay. This cannot be undone.`}
        confirmLabel="Remove demo data"
        errorOf={(error) => (error instanceof Error ? error.message : 'Failed to remove demo data. Please try again.')}
        onConfirm={async () => {
          const removed = await remove.mutateAsync();
          toast.success(`Removed ${peopleText(removed.removedPeople)} and their activity`);
        }}
      />
    </section>
  );
}
