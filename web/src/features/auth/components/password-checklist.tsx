import { Check, Circle } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { passwordChecks } from '../lib/validation';

/** The live list of password rules, each ticked once it holds. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="flex flex-col gap-1 text-[13px]" aria-label="Password requirements">
      {passwordChecks(password).map((check) => (
        <li
          key={check.key}
          className={cn('flex items-center gap-2', check.ok ? 'text-emerald-600 dark:text-emerald-400' : 'text-muted')}
        >
          {check.ok ? (
            <Check className="size-3.5" aria-hidden="true" />
          ) : (
            <Circle className="size-3.5" aria-hidden="true" />
          )}
          <span>{check.label}</span>
          <span className="sr-only">{check.ok ? '(met)' : '(not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
