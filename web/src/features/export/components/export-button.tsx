import { Download } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { Button, type ButtonProps } from '../../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { toast } from '../../../ui/toaster';
import { downloadExport } from '../api/download';
import { type ExportFormat, type ExportRange, rangeProblems } from '../lib/export-request';

export interface ExportButtonProps {
  /** The range the dialog opens with. */
  range: ExportRange;
  /** Only these people; everyone active when empty. */
  people?: readonly string[];
  /** Who is exported, in words ('Ana Lovelace', 'the whole team'). */
  who: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

const FORMATS = [
  { value: 'csv', label: 'CSV (spreadsheets)' },
  { value: 'json', label: 'JSON' },
];

/** 'Export' opens a dialog for the range and format, then downloads one row per person and day. */
export function ExportButton({ range, people = [], who, size = 'sm', variant = 'secondary' }: ExportButtonProps) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problems = submitted ? rangeProblems({ from, to }) : {};

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    if (next) {
      setFrom(range.from);
      setTo(range.to);
      setSubmitted(false);
      setFailure(null);
    }
    setOpen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(rangeProblems({ from, to })).length > 0) return;
    setBusy(true);
    try {
      await downloadExport({ from, to }, people, format);
      toast.success('Export downloaded');
      setOpen(false);
    } catch (err) {
      setFailure(errorMessage(err, 'The export failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size={size} variant={variant} icon={<Download />}>
          Export
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Export days"
        description={`One row per person and day for ${who}: first and last activity, online minutes, blocks and events.`}
        size="sm"
        footer={
          <>
            <Button onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form="export-days-form" variant="primary" loading={busy}>
              Download
            </Button>
          </>
        }
      >
        <form id="export-days-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="grid grid-cols-2 gap-3">
            <Field label="From" error={problems.from} required>
              <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} max={to || undefined} />
            </Field>
            <Field label="To" error={problems.to} required>
              <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} min={from || undefined} />
            </Field>
          </div>
          <Field label="Format">
            <Select options={FORMATS} value={format} onValueChange={(v) => setFormat(v as ExportFormat)} />
          </Field>
          {failure ? (
            <p role="alert" className="text-[13px] text-red-600 dark:text-red-400">
              {failure}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
