import { Info } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../../../ui/popover';
import { toast } from '../../../ui/toaster';
import { Tooltip } from '../../../ui/tooltip';
import { Example, Section } from './section';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function OverlaysSection() {
  const [confirmOpen, setConfirmOpen] = useState(false);
  return (
    <Section
      id="overlays"
      title="Dialogs, popovers and toasts"
      description="Floating layers are the only surfaces with shadows. Escape closes them; focus returns to the trigger."
    >
      <Example label="Dialogs">
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="secondary">Open dialog</Button>
          </DialogTrigger>
          <DialogContent
            title="Rename integration"
            description="The new name shows on the timeline and in the integrations list."
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="secondary">Cancel</Button>
                </DialogClose>
                <DialogClose asChild>
                  <Button variant="primary">Save</Button>
                </DialogClose>
              </>
            }
          >
            <Field label="Name">
              <Input defaultValue="Engineering Slack" />
            </Field>
          </DialogContent>
        </Dialog>
        <ConfirmDialog
          trigger={<Button variant="danger">Delete block…</Button>}
          tone="danger"
          title="Delete activity block?"
          description="Are you sure you want to delete this activity block? This action cannot be undone."
          confirmLabel="Delete block"
          onConfirm={async () => {
            await wait(800);
            toast.success('Activity block deleted');
          }}
        />
        <Button variant="secondary" onClick={() => setConfirmOpen(true)}>
          Confirm (default tone)
        </Button>
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title="Move back to unassigned?"
          description="Ana will appear in the unassigned list again; no activity is lost."
          confirmLabel="Move back"
          onConfirm={() => setConfirmOpen(false)}
        />
      </Example>
      <Example label="Popover and tooltip">
        <Popover>
          <PopoverTrigger asChild>
            <Button variant="secondary">Open popover</Button>
          </PopoverTrigger>
          <PopoverContent>
            <p className="font-medium">Deployment</p>
            <p className="mt-1 text-muted">web@4.2.0 shipped to production by Ana Silva at 14:32.</p>
          </PopoverContent>
        </Popover>
        <Tooltip content="Tooltips label icon-only buttons">
          <Button variant="ghost" icon={<Info />}>
            Hover or focus me
          </Button>
        </Tooltip>
      </Example>
      <Example label="Toasts">
        <Button variant="secondary" onClick={() => toast('Settings saved')}>
          Show toast
        </Button>
        <Button variant="secondary" onClick={() => toast.success('Invitation sent to ana@example.com')}>
          Success toast
        </Button>
        <Button variant="secondary" onClick={() => toast.error('Failed to update activity block. Please try again.')}>
          Error toast
        </Button>
      </Example>
    </Section>
  );
}
