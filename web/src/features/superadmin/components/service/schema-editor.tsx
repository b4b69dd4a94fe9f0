import type { AdminService } from '@overlap/contract/service-admin';
import { useState } from 'react';
import { ApiError } from '../../../../api/client';
import { Button } from '../../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../../ui/card';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { Textarea } from '../../../../ui/textarea';
import { useUpdateService } from '../../api/services';

export const SCHEMA_ERROR = 'Failed to update config schema. Please check JSON format and try again.';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** The first field problem the server named (`configSchema.properties.x.type: must be one of ...`). */
function serverProblem(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const details = (err.body as { details?: { field: string; message: string }[] } | undefined)?.details;
  const first = details?.[0];
  return first ? `${first.field}: ${first.message}` : null;
}

/** The configuration schema as JSON: checked to parse here, checked for its shape by the server. */
export function SchemaEditor({ service }: { service: AdminService }) {
  const update = useUpdateService();
  const [text, setText] = useState(() => pretty(service.configSchema));
  const [error, setError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<Record<string, unknown> | null>(null);
  const changed = text.trim() !== pretty(service.configSchema).trim();

  const check = () => {
    setError(null);
    try {
      const value: unknown = JSON.parse(text);
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      setParsed(value as Record<string, unknown>);
    } catch {
      setError(SCHEMA_ERROR);
    }
  };

  return (
    <Card>
      <CardHeader
        title="Configuration schema"
        description={
          'JSON: "properties" of type string, number, integer, boolean or select (label, description, placeholder, default, password, min/max, options), and a "required" list.'
        }
        actions={
          <>
            <Button
              size="sm"
              disabled={!changed}
              onClick={() => {
                setText(pretty(service.configSchema));
                setError(null);
              }}
            >
              Reset
            </Button>
            <Button size="sm" variant="primary" disabled={!changed} loading={update.isPending} onClick={check}>
              Save schema
            </Button>
          </>
        }
      />
      <CardContent className="flex flex-col gap-2">
        <Textarea
          aria-label="Configuration schema (JSON)"
          aria-invalid={error ? true : undefined}
          rows={16}
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          className="font-mono text-[13px] leading-5"
        />
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={parsed !== null}
        onOpenChange={(open) => {
          if (!open) setParsed(null);
        }}
        title="Save the configuration schema?"
        description="Integrations of this service show these fields in their configuration form."
        confirmLabel="Save schema"
        onConfirm={async () => {
          if (!parsed) return;
          try {
            const saved = await update.mutateAsync({ id: service.id, patch: { configSchema: parsed } });
            setText(pretty(saved.configSchema));
          } catch (err) {
            const problem = serverProblem(err);
            setError(problem ? `${SCHEMA_ERROR} (${problem})` : SCHEMA_ERROR);
          }
        }}
      />
    </Card>
  );
}
