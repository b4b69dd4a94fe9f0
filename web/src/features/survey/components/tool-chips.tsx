import { SURVEY_TOOLS, type SurveyTool } from '@overlap/contract/onboarding';
import { Check, Plus } from 'lucide-react';
import { cn } from '../../../lib/cn';

interface ToolChipsProps {
  selected: SurveyTool[];
  onToggle: (tool: SurveyTool) => void;
  labelledBy: string;
}

/** The spec's twelve tools as toggle buttons. */
export function ToolChips({ selected, onToggle, labelledBy }: ToolChipsProps) {
  return (
    <fieldset aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {SURVEY_TOOLS.map((tool) => {
        const on = selected.includes(tool);
        return (
          <button
            key={tool}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(tool)}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-[13px] font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              on
                ? 'border-accent bg-accent-soft text-accent-text'
                : 'border-line-strong bg-surface text-fg hover:bg-subtle',
            )}
          >
            {on ? (
              <Check className="size-3.5" aria-hidden="true" />
            ) : (
              <Plus className="size-3.5 text-muted" aria-hidden="true" />
            )}
            {tool}
          </button>
        );
      })}
    </fieldset>
  );
}
