import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { controlClasses } from './control-classes';
import { useFieldControl } from './field';

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A single-line text input; inside a Field it takes the field's id, description and invalid state. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, ...props }, ref) {
  const field = useFieldControl(props);
  return <input ref={ref} {...props} {...field} className={cn(controlClasses, 'h-9', className)} />;
});
