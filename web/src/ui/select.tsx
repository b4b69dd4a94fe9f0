import { Check, ChevronDown } from 'lucide-react';
import { Select as RadixSelect } from 'radix-ui';
import { cn } from '../lib/cn';
import { controlClasses } from './control-classes';
import { useFieldControl } from './field';

interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectProps {
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** Submits the value with a form under this name. */
  name?: string;
  id?: string;
  /** Opens the list on mount (a trigger drawn before the select's code loaded was pressed). */
  defaultOpen?: boolean;
  'aria-label'?: string;
  className?: string;
}

/** A single choice from a short list (Radix Select: typeahead, keyboard, ARIA). */
export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder = 'Select…',
  disabled,
  required,
  name,
  className,
  defaultOpen,
  ...props
}: SelectProps) {
  const field = useFieldControl({ id: props.id, required });
  return (
    <RadixSelect.Root
      defaultOpen={defaultOpen}
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      disabled={disabled}
      required={field.required}
      name={name}
    >
      <RadixSelect.Trigger
        id={field.id}
        aria-label={props['aria-label']}
        aria-describedby={field['aria-describedby']}
        aria-invalid={field['aria-invalid']}
        className={cn(
          controlClasses,
          'inline-flex h-9 items-center justify-between gap-2 text-left data-[placeholder]:text-muted',
          className,
        )}
      >
        <span className="truncate">
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon>
          <ChevronDown className="size-4 text-muted" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[var(--radix-select-trigger-width)] animate-pop-in overflow-hidden rounded-lg border border-line bg-surface shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="relative flex h-8 cursor-default select-none items-center rounded-md pr-8 pl-2.5 text-sm text-fg outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-subtle"
              >
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="absolute right-2 inline-flex">
                  <Check className="size-4 text-accent-text" aria-hidden="true" />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
