import { Check, Pencil, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { IconButton } from './icon-button';
import { Input } from './input';

export const EMPTY_FIELD = 'This field cannot be empty';
export const NOT_A_NUMBER = 'Please enter a valid number';

export type InlineValue = string | number | null;

/**
 * The shared editor's rule (spec 001 §5): an empty value is refused unless empty is allowed (then
 * null is saved); a number field needs a number.
 */
export function parseInlineValue(
  text: string,
  options: { type: 'text' | 'number'; allowEmpty: boolean },
): { value: InlineValue } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return options.allowEmpty ? { value: null } : { error: EMPTY_FIELD };
  if (options.type === 'number') {
    const n = Number(trimmed);
    return Number.isFinite(n) ? { value: n } : { error: NOT_A_NUMBER };
  }
  return { value: trimmed };
}

export interface InlineFieldProps {
  /** The field's name, for the input and the edit button ('Account name', 'Max People'). */
  label: string;
  value: InlineValue;
  /** How the value reads when not editing; defaults to the value, or emptyText. */
  display?: ReactNode;
  emptyText?: string;
  type?: 'text' | 'number';
  allowEmpty?: boolean;
  /** A further rule after the shared ones; answers the message, or null when the value is fine. */
  validate?: (value: InlineValue) => string | null;
  /** Saves; a rejection keeps the editor open with `failureText` (or the error's message). */
  onSave: (value: InlineValue) => Promise<unknown>;
  failureText?: string;
  editable?: boolean;
  maxLength?: number;
  /** Classes of the value in view mode (a heading size, for example). */
  valueClassName?: string;
  inputClassName?: string;
}

/** View, edit, saving, back to view: Enter saves, Escape cancels (spec 001 §4 Inline editing). */
export function InlineField({
  label,
  value,
  display,
  emptyText = '—',
  type = 'text',
  allowEmpty = false,
  validate,
  onSave,
  failureText,
  editable = true,
  maxLength,
  valueClassName,
  inputClassName,
}: InlineFieldProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const close = () => {
    setEditing(false);
    setError(null);
    requestAnimationFrame(() => editRef.current?.focus());
  };

  const save = async () => {
    if (saving) return;
    const parsed = parseInlineValue(draft, { type, allowEmpty });
    if ('error' in parsed) return setError(parsed.error);
    const problem = validate?.(parsed.value) ?? null;
    if (problem) return setError(problem);
    if (parsed.value === value) return close();
    setSaving(true);
    setError(null);
    try {
      await onSave(parsed.value);
      close();
    } catch (err) {
      setError(failureText ?? (err instanceof Error && err.message ? err.message : 'Could not save'));
      inputRef.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    const shown = display ?? (value === null || value === '' ? emptyText : String(value));
    return (
      <div className="group flex min-w-0 items-center gap-1">
        <span className={cn('min-w-0 truncate', valueClassName)}>{shown}</span>
        {editable ? (
          <IconButton
            ref={editRef}
            size="sm"
            label={`Edit ${label}`}
            icon={<Pencil />}
            onClick={() => {
              setDraft(value === null ? '' : String(value));
              setError(null);
              setEditing(true);
            }}
          />
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex min-w-0 items-center gap-1.5">
        <Input
          ref={inputRef}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={draft}
          inputMode={type === 'number' ? 'numeric' : undefined}
          maxLength={maxLength}
          disabled={saving}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}
          className={cn('min-w-0 max-w-md flex-1', inputClassName)}
        />
        <IconButton size="sm" label="Save" icon={<Check />} loading={saving} onClick={() => void save()} />
        <IconButton size="sm" label="Cancel" icon={<X />} disabled={saving} onClick={close} />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-[13px] text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
