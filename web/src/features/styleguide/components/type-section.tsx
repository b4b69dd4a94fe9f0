import { cn } from '../../../lib/cn';
import { Section } from './section';

const tokens = [
  ['canvas', 'bg-canvas', 'Page'],
  ['surface', 'bg-surface', 'Cards, header'],
  ['subtle', 'bg-subtle', 'Hover, table head'],
  ['line', 'bg-line', 'Borders'],
  ['muted', 'bg-muted', 'Secondary text'],
  ['fg', 'bg-fg', 'Text'],
  ['accent', 'bg-accent', 'Actions, focus'],
] as const;

const states = [
  ['success', 'bg-emerald-500', 'Online, done'],
  ['warning', 'bg-amber-500', 'Over 60%, stale'],
  ['danger', 'bg-red-500', 'Over 80%, errors'],
] as const;

export function TypeSection() {
  return (
    <Section id="type" title="Type and colour" description="Inter, zinc neutrals and one indigo accent.">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-5">
          <p className="text-2xl font-semibold tracking-tight">Page title · 24</p>
          <p className="text-base font-semibold tracking-tight">Section title · 16</p>
          <p className="text-sm">Body text · 14. Calm, dense where data is dense.</p>
          <p className="text-[13px] text-muted">Secondary text · 13</p>
          <p className="text-xs text-faint">Caption · 12</p>
          <p className="tabular text-sm">
            Tabular numbers: <span className="font-medium">09:41 · 1,204.5 h · 17:05</span>
          </p>
          <p className="text-sm">
            A{' '}
            <a href="#type" className="font-medium text-accent-text underline-offset-4 hover:underline">
              link in text
            </a>{' '}
            uses the accent.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-surface p-5 sm:grid-cols-3">
          {[...tokens, ...states].map(([name, swatch, use]) => (
            <div key={name} className="flex items-center gap-2.5">
              <span className={cn('size-8 shrink-0 rounded-md ring-1 ring-line ring-inset', swatch)} />
              <span className="min-w-0">
                <span className="block text-xs font-medium">{name}</span>
                <span className="block truncate text-[11px] text-muted">{use}</span>
              </span>
            </div>
          ))}
        </div>
      </div>
    </Section>
  );
}
