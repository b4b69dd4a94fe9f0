import { Check } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { cn } from '../../../lib/cn';
import { PERSON_COLORS } from '../../../lib/person-colors';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { toast } from '../../../ui/toaster';
import { useUpdateIntegration } from '../api/integrations';
import { isValidColor, normaliseHex } from '../lib/color';

const HEX_MESSAGE = 'Use a 3- or 6-digit hex colour with a leading #, like #38f or #3b82f6.';

/** 20 preset colours and a custom hex value; saving only changes config.color (allowed while running). */
export function ColorSection({ integrationId, color }: { integrationId: string; color: string }) {
  const update = useUpdateIntegration(integrationId);
  const [custom, setCustom] = useState(color);
  const [error, setError] = useState<string | null>(null);

  const save = (next: string) =>
    update.mutate(
      { config: { color: next } },
      {
        onSuccess: () => toast.success('Colour saved'),
        onError: (err) => toast.error(`Failed to save the colour. ${err.message}`),
      },
    );

  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const next = normaliseHex(custom);
    if (!isValidColor(next)) {
      setError(HEX_MESSAGE);
      return;
    }
    setError(null);
    setCustom(next);
    save(next);
  };

  return (
    <Card>
      <CardHeader title="Colour" description="How this integration's blocks are tinted where a colour is shown." />
      <CardContent className="flex flex-col gap-4">
        <fieldset className="grid grid-cols-10 gap-1.5 sm:max-w-md" aria-label="Preset colours">
          {PERSON_COLORS.map((preset) => {
            const selected = preset.toLowerCase() === color.toLowerCase();
            return (
              <button
                key={preset}
                type="button"
                aria-pressed={selected}
                aria-label={`Colour ${preset}`}
                disabled={update.isPending}
                onClick={() => {
                  setCustom(preset);
                  setError(null);
                  save(preset);
                }}
                className={cn(
                  'flex aspect-square items-center justify-center rounded-md ring-offset-2 ring-offset-surface transition-transform hover:scale-110 disabled:opacity-60',
                  selected && 'ring-2 ring-fg',
                )}
                style={{ backgroundColor: preset }}
              >
                {selected ? <Check className="size-3.5 text-white" aria-hidden="true" /> : null}
              </button>
            );
          })}
        </fieldset>
        <form className="flex items-end gap-2 sm:max-w-md" onSubmit={submitCustom} noValidate>
          <span
            className="mb-0.5 size-8 shrink-0 rounded-md border border-line"
            style={{ backgroundColor: isValidColor(normaliseHex(custom)) ? normaliseHex(custom) : 'transparent' }}
            aria-hidden="true"
          />
          <Field label="Custom hex" error={error} className="flex-1">
            <Input
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              placeholder="#3b82f6"
              maxLength={7}
              className="font-mono"
              spellCheck={false}
            />
          </Field>
          <Button type="submit" loading={update.isPending}>
            Apply
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
