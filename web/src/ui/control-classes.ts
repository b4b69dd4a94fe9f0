/** Shared look of text-like form controls (input, textarea, select trigger, combobox trigger). */
export const controlClasses =
  'w-full rounded-md border border-line-strong bg-surface px-3 text-sm text-fg placeholder:text-faint transition-colors hover:border-zinc-400 dark:hover:border-zinc-600 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/40';
