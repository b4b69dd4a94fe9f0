import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { controlClasses } from './control-classes';
import { useFieldControl } from './field';

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A multi-line text input; inside a Field it takes the field's id, description and invalid state. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { className, rows = 4, ...props },
  ref,
) {
  const field = useFieldControl(props);
  return <textarea ref={ref} rows={rows} {...props} {...field} className={cn(controlClasses, 'py-2', className)} />;
});
