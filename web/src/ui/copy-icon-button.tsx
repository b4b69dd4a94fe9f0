import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPIED_FOR_MS, writeClipboard } from './copy-button';
import { IconButton } from './icon-button';

/** An icon-only copy button: its tooltip names what it copies; a check shows for 2 seconds. */
export function CopyIconButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <IconButton
      size="sm"
      label={copied ? 'Copied' : label}
      icon={copied ? <Check className="text-emerald-600 dark:text-emerald-400" /> : <Copy />}
      onClick={async (event) => {
        event.stopPropagation();
        clearTimeout(timer.current);
        try {
          await writeClipboard(value);
          setCopied(true);
          timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
        } catch {
          setCopied(false);
        }
      }}
    />
  );
}
