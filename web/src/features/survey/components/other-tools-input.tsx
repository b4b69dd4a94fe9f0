import { SURVEY_OTHER_TOOL_MAX } from '@overlap/contract/onboarding';
import { Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { addOtherTool, removeOtherTool } from '../lib/survey-form';

interface OtherToolsInputProps {
  value: string[];
  onChange: (value: string[]) => void;
}

/** Tools missing from the list: typed, added on Enter (or Add), each removable. */
export function OtherToolsInput({ value, onChange }: OtherToolsInputProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const add = () => {
    const result = addOtherTool(value, text);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onChange(result.otherTools);
    setText('');
    setError(null);
  };

  return (
    <div className="flex flex-col gap-3">
      <Field label="Other tools" hint="Type a tool's name and press Enter." error={error ?? undefined}>
        <div className="flex gap-2">
          <Input
            ref={inputRef}
            value={text}
            maxLength={SURVEY_OTHER_TOOL_MAX}
            placeholder="e.g. Linear"
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter adds the tool here; it must not submit the survey step.
              event.preventDefault();
              add();
            }}
          />
          <Button icon={<Plus />} onClick={add} disabled={!text.trim()}>
            Add
          </Button>
        </div>
      </Field>
      {value.length > 0 ? (
        <ul aria-label="Other tools added" className="flex flex-wrap gap-2">
          {value.map((tool) => (
            <li
              key={tool}
              className="inline-flex h-8 items-center gap-1 rounded-full border border-accent bg-accent-soft pr-1 pl-3 text-[13px] font-medium text-accent-text"
            >
              <span className="max-w-[16rem] truncate">{tool}</span>
              <button
                type="button"
                aria-label={`Remove ${tool}`}
                title={`Remove ${tool}`}
                onClick={() => {
                  onChange(removeOtherTool(value, tool));
                  // The button disappears with its chip; keep the keyboard in the same place.
                  inputRef.current?.focus();
                }}
                className="inline-flex size-6 items-center justify-center rounded-full text-accent-text/80 transition-colors hover:bg-accent/10 hover:text-accent-text focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
