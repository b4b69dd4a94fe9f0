import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IconButton } from '../../../ui/icon-button';
import { Input } from '../../../ui/input';
import { Spinner } from '../../../ui/spinner';

/**
 * A heading that turns into an input: Enter saves, Escape cancels, and an empty (trimmed) name
 * cancels without a call (spec 001 §5). `onSave` rejects to keep the editor open.
 */
export function InlineName({
  name,
  editable,
  onSave,
}: {
  name: string;
  editable: boolean;
  onSave: (name: string) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const stop = () => {
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };
  const save = async () => {
    const next = draft.trim();
    if (next === '' || next === name) return stop();
    setSaving(true);
    try {
      await onSave(next);
      stop();
    } catch {
      inputRef.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-1">
        <h1 className="truncate text-2xl font-semibold tracking-tight">{name}</h1>
        {editable ? (
          <IconButton
            ref={editButtonRef}
            size="sm"
            label="Rename integration"
            icon={<Pencil />}
            onClick={() => {
              setDraft(name);
              setEditing(true);
            }}
          />
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <Input
        ref={inputRef}
        aria-label="Integration name"
        value={draft}
        maxLength={100}
        disabled={saving}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            stop();
          }
        }}
        onBlur={() => {
          if (!saving) stop();
        }}
        className="h-10 max-w-md text-lg font-semibold"
      />
      {saving ? (
        <Spinner size="sm" />
      ) : (
        <span className="hidden text-xs text-muted sm:inline">Enter to save · Esc to cancel</span>
      )}
    </div>
  );
}
