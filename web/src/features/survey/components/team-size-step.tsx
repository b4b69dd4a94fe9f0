import { SURVEY_COMPANY_SIZES, type SurveyCompanySize } from '@overlap/contract/onboarding';
import { Check, User, Users } from 'lucide-react';
import { cn } from '../../../lib/cn';

interface TeamSizeStepProps {
  value: SurveyCompanySize | null;
  onChange: (value: SurveyCompanySize) => void;
  /** Called on every pick, also of the size already chosen, so a pick always moves on. */
  onPick: () => void;
  labelledBy: string;
}

/** Step 2: six sizes as native radios styled as cards (arrow keys move between them). */
export function TeamSizeStep({ value, onChange, onPick, labelledBy }: TeamSizeStepProps) {
  return (
    <fieldset aria-labelledby={labelledBy} className="grid grid-cols-1 gap-2.5 min-[480px]:grid-cols-2 sm:grid-cols-3">
      {SURVEY_COMPANY_SIZES.map((size) => {
        const checked = value === size;
        const Icon = size === 'Just me' ? User : Users;
        return (
          <label
            key={size}
            className={cn(
              'relative flex min-h-12 cursor-pointer items-center gap-2.5 rounded-lg border bg-surface px-3.5 py-3 text-sm font-medium text-fg transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              checked ? 'border-accent bg-accent-soft ring-1 ring-accent' : 'border-line-strong hover:bg-subtle',
            )}
          >
            <input
              type="radio"
              name="company-size"
              value={size}
              checked={checked}
              onChange={() => onChange(size)}
              onClick={onPick}
              className="sr-only"
            />
            <Icon className={cn('size-4 shrink-0', checked ? 'text-accent-text' : 'text-muted')} aria-hidden="true" />
            <span className="tabular min-w-0 flex-1">{size}</span>
            {checked ? <Check className="size-4 shrink-0 text-accent-text" aria-hidden="true" /> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
