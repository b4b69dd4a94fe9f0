import type { AdminService } from '@overlap/contract/service-admin';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../../ui/card';
import { Textarea } from '../../../../ui/textarea';
import { MarkdownView } from '../../../integrations';
import { useUpdateService } from '../../api/services';

export const DESCRIPTION_ERROR = 'Failed to update description. Please try again.';

/** The markdown description, shown rendered; edited in a 20-row editor. A failed save reverts it. */
export function DescriptionTab({ service }: { service: AdminService }) {
  const update = useUpdateService();
  const [draft, setDraft] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const save = async () => {
    if (draft === null) return;
    setFailed(false);
    try {
      await update.mutateAsync({ id: service.id, patch: { description: draft } });
      setDraft(null);
    } catch {
      setFailed(true);
      setDraft(null);
    }
  };

  return (
    <Card>
      <CardHeader
        title="Description"
        description="Shown to customers when they add this service. Markdown: headings, bold, italic, code, lists, links."
        actions={
          draft === null ? (
            <Button size="sm" icon={<Pencil />} onClick={() => setDraft(service.description)}>
              Edit
            </Button>
          ) : (
            <>
              <Button size="sm" onClick={() => setDraft(null)} disabled={update.isPending}>
                Cancel
              </Button>
              <Button size="sm" variant="primary" loading={update.isPending} onClick={() => void save()}>
                Save
              </Button>
            </>
          )
        }
      />
      <CardContent className="flex flex-col gap-3">
        {failed ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {DESCRIPTION_ERROR}
          </p>
        ) : null}
        {draft !== null ? (
          <Textarea
            aria-label="Description (markdown)"
            rows={20}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="font-mono text-[13px]"
            onKeyDown={(e) => {
              if (e.key === 'Escape') setDraft(null);
            }}
          />
        ) : service.description.trim() ? (
          <div className="text-sm">
            <MarkdownView source={service.description} />
          </div>
        ) : (
          <p className="text-sm text-muted">No documentation available for this service.</p>
        )}
      </CardContent>
    </Card>
  );
}
