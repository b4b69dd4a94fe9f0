import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { Popover as RadixPopover } from 'radix-ui';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { controlClasses } from './control-classes';
import { useFieldControl } from './field';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Secondary text on the right of the option (for example a UTC offset). */
  description?: string;
  /** Extra words the search matches. */
  keywords?: string;
}

export interface ComboboxProps {
  options: readonly ComboboxOption[];
  value?: string | null;
  onValueChange: (value: string) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  'aria-label'?: string;
  className?: string;
  /** Called when the list opens, for options that are costly to build. */
  onOpenChange?: (open: boolean) => void;
}

const normalize = (text: string) => text.toLowerCase().replace(/[_/]+/g, ' ');

/** Filters options by every word of the query against label, value and keywords. */
export function filterOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const haystack = normalize(`${option.label} ${option.value} ${option.keywords ?? ''} ${option.description ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** A searchable single-choice list: type to filter, arrows to move, Enter to pick, Escape to close. */
export function Combobox({
  options,
  value,
  onValueChange,
  placeholder = 'Select…',
  searchPlaceholder = 'Search…',
  emptyText = 'No results',
  disabled,
  required,
  className,
  onOpenChange,
  ...props
}: ComboboxProps) {
  const field = useFieldControl({ id: props.id, required });
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const filtered = useMemo(() => filterOptions(options, query), [options, query]);
  const selected = options.find((option) => option.value === value);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
    if (next) {
      setQuery('');
      const index = options.findIndex((option) => option.value === value);
      setActive(Math.max(0, index));
    }
  };

  useEffect(() => {
    if (!open) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    node?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const choose = (option: ComboboxOption | undefined) => {
    if (!option) return;
    onValueChange(option.value);
    changeOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = filtered.length - 1;
    if (event.key === 'ArrowDown') setActive((i) => Math.min(last, i + 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(Math.max(0, last));
    else if (event.key === 'Enter') choose(filtered[active]);
    else return;
    event.preventDefault();
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <RadixPopover.Root open={open} onOpenChange={changeOpen}>
      <RadixPopover.Trigger
        type="button"
        id={field.id}
        disabled={disabled}
        aria-label={props['aria-label']}
        aria-describedby={field['aria-describedby']}
        aria-invalid={field['aria-invalid']}
        aria-haspopup="listbox"
        className={cn(controlClasses, 'inline-flex h-9 items-center justify-between gap-2 text-left', className)}
      >
        <span className={cn('truncate', !selected && 'text-muted')}>{selected?.label ?? value ?? placeholder}</span>
        <ChevronsUpDown className="size-4 shrink-0 text-muted" aria-hidden="true" />
      </RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 w-[max(var(--radix-popover-trigger-width),16rem)] animate-pop-in overflow-hidden rounded-lg border border-line bg-surface shadow-lg"
        >
          <div className="flex items-center gap-2 border-b border-line px-3">
            <Search className="size-4 shrink-0 text-muted" aria-hidden="true" />
            <input
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={filtered[active] ? optionId(active) : undefined}
              aria-label={searchPlaceholder}
              placeholder={searchPlaceholder}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="h-10 w-full bg-transparent text-sm text-fg outline-none placeholder:text-faint focus-visible:outline-none"
            />
          </div>
          <div ref={listRef} id={listId} role="listbox" className="max-h-72 overflow-y-auto p-1">
            {filtered.length === 0 ? (
              <p className="px-2.5 py-6 text-center text-sm text-muted">{emptyText}</p>
            ) : (
              filtered.map((option, index) => (
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the search input (aria-activedescendant)
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys for the whole list
                <div
                  key={option.value}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected={option.value === value}
                  data-active={index === active || undefined}
                  onMouseMove={() => setActive(index)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  className="flex h-8 cursor-default items-center gap-2 rounded-md px-2.5 text-sm text-fg data-[active]:bg-subtle"
                >
                  <Check
                    className={cn('size-4 shrink-0 text-accent-text', option.value !== value && 'invisible')}
                    aria-hidden="true"
                  />
                  <span className="truncate">{option.label}</span>
                  {option.description ? (
                    <span className="tabular ml-auto shrink-0 text-xs text-muted">{option.description}</span>
                  ) : null}
                </div>
              ))
            )}
          </div>
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
