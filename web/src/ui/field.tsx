import { createContext, type ReactNode, useContext, useId } from 'react';
import { cn } from '../lib/cn';

interface FieldContextValue {
  id: string;
  describedBy?: string;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** The ids and state a control inside a Field needs (id, aria-describedby, aria-invalid, required). */
export function useFieldControl(props: { id?: string; 'aria-describedby'?: string; required?: boolean }) {
  const field = useContext(FieldContext);
  const describedBy = [props['aria-describedby'], field?.describedBy].filter(Boolean).join(' ') || undefined;
  return {
    id: props.id ?? field?.id,
    'aria-describedby': describedBy,
    'aria-invalid': field?.invalid ? true : undefined,
    required: props.required ?? (field?.required || undefined),
  };
}

interface FieldProps {
  label: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
  /** An error message; marks the control invalid and is announced. */
  error?: ReactNode;
  required?: boolean;
  /** The control's id; generated when omitted. */
  id?: string;
  className?: string;
}

/** A labelled form control with an optional hint and error text. */
export function Field({ label, children, hint, error, required = false, id, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <FieldContext.Provider
      value={{
        id: controlId,
        describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined,
        invalid: Boolean(error),
        required,
      }}
    >
      <div className={cn('flex flex-col gap-1.5', className)}>
        <label htmlFor={controlId} className="text-sm font-medium text-fg">
          {label}
          {required ? (
            <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {children}
        {error ? (
          <p id={errorId} className="text-[13px] text-red-600 dark:text-red-400" role="alert">
            {error}
          </p>
        ) : hint ? (
          <p id={hintId} className="text-[13px] text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}
