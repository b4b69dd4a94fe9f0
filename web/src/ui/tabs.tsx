import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../lib/cn';

interface TabItem {
  value: string;
  label: ReactNode;
  /** A count shown after the label. */
  count?: number;
  content: ReactNode;
  disabled?: boolean;
}

interface TabsProps {
  items: readonly TabItem[];
  /** The tab shown when the URL has no (or an unknown) value. Defaults to the first item. */
  defaultValue?: string;
  /** The query parameter holding the selected tab. */
  param?: string;
  'aria-label'?: string;
  className?: string;
}

/** Tabs whose selection lives in the URL (`?tab=`), so links and reloads land on the same tab. */
export function Tabs({ items, defaultValue, param = 'tab', className, ...props }: TabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fallback = defaultValue ?? items[0]?.value ?? '';
  const requested = searchParams.get(param);
  const value = items.some((item) => item.value === requested && !item.disabled) ? (requested as string) : fallback;

  const select = (next: string) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(param, next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <RadixTabs.Root value={value} onValueChange={select} className={className}>
      <RadixTabs.List
        aria-label={props['aria-label']}
        className="flex gap-1 overflow-x-auto border-b border-line [scrollbar-width:none]"
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={cn(
              '-mb-px inline-flex h-10 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium text-muted transition-colors hover:text-fg disabled:opacity-50',
              'data-[state=active]:border-accent data-[state=active]:text-fg',
            )}
          >
            {item.label}
            {item.count !== undefined ? (
              <span className="tabular rounded-full bg-subtle px-1.5 py-px text-xs font-medium text-zinc-600 dark:text-zinc-300">
                {item.count}
              </span>
            ) : null}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="pt-5 focus-visible:outline-none">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
