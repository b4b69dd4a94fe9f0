import { Check } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { isHexColor, PERSON_COLORS } from '../../../lib/person-colors';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';

/** The 20 preset colours plus a custom hex value. */
export function ColorPicker({
  value,
  onChange,
  pending,
}: {
  value: string;
  onChange: (color: string) => void;
  pending: boolean;
}) {
  const [custom, setCustom] = useState(value);
  const customValid = isHexColor(custom);
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="grid grid-cols-10 gap-1.5" aria-label="Preset colours">
        {PERSON_COLORS.map((c) => {
          const selected = c.toLowerCase() === value.toLowerCase();
          return (
            <button
              key={c}
              type="button"
              aria-pressed={selected}
              aria-label={c}
              disabled={pending}
              onClick={() => onChange(c)}
              className={cn(
                'flex aspect-square items-center justify-center rounded-md ring-offset-2 ring-offset-surface transition-transform hover:scale-110',
                selected && 'ring-2 ring-fg',
              )}
              style={{ backgroundColor: c }}
            >
              {selected ? <Check className="size-3.5 text-white" aria-hidden="true" /> : null}
            </button>
          );
        })}
      </fieldset>
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (customValid) onChange(custom);
        }}
      >
        <span
          className="size-8 shrink-0 rounded-md border border-line"
          style={{ backgroundColor: customValid ? custom : 'transparent' }}
        />
        <Input
          aria-label="Custom hex colour"
          value={custom}
          onChange={(e) => setCustom(e.target.value.trim())}
          placeholder="#3b82f6"
          aria-invalid={!customValid || undefined}
          className="font-mono"
          maxLength={7}
        />
        <Button type="submit" size="md" disabled={!customValid || pending}>
          Apply
        </Button>
      </form>
    </div>
  );
}
