import { CheckCircle2, XCircle } from 'lucide-react';
import { type ClipboardEvent, useState } from 'react';
import { cn } from '../../../lib/cn';
import { Input } from '../../../ui/input';
import { isValidEmail } from '../lib/validation';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  autoFocus?: boolean;
  placeholder?: string;
  id?: string;
}

/**
 * An e-mail input trimmed on paste, blur and key down; after the first blur it says whether the
 * address looks valid ('Valid email address' / 'Invalid email address').
 */
export function EmailField({
  value,
  onChange,
  label = 'Email',
  autoFocus,
  placeholder = 'you@company.com',
  id = 'email',
}: EmailFieldProps) {
  const [touched, setTouched] = useState(false);
  const valid = isValidEmail(value);
  const showState = touched && value.length > 0;

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    const start = target.selectionStart ?? value.length;
    const end = target.selectionEnd ?? value.length;
    onChange(`${value.slice(0, start)}${pasted}${value.slice(end)}`.trim());
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <Input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoFocus={autoFocus}
        placeholder={placeholder}
        value={value}
        aria-invalid={showState && !valid ? true : undefined}
        aria-describedby={`${id}-state`}
        onChange={(e) => onChange(e.target.value)}
        onPaste={onPaste}
        onKeyDown={() => {
          if (value !== value.trim()) onChange(value.trim());
        }}
        onBlur={() => {
          setTouched(true);
          onChange(value.trim());
        }}
      />
      {/* The line is always there, so the layout does not jump when the check appears after blur. */}
      <p
        id={`${id}-state`}
        aria-live="polite"
        className={cn(
          '-mb-1.5 flex min-h-5 items-center gap-1.5 text-[13px]',
          valid ? 'text-emerald-600 dark:text-emerald-400' : 'text-red-600 dark:text-red-400',
        )}
      >
        {showState ? (
          <>
            {valid ? (
              <CheckCircle2 className="size-3.5" aria-hidden="true" />
            ) : (
              <XCircle className="size-3.5" aria-hidden="true" />
            )}
            {valid ? 'Valid email address' : 'Invalid email address'}
          </>
        ) : null}
      </p>
    </div>
  );
}
