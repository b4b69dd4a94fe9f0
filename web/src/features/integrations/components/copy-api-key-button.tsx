import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPIED_FOR_MS } from '../../../ui/copy-button';
import { IconButton } from '../../../ui/icon-button';
import { integrationQuery } from '../api/integrations';

/**
 * Copies an integration's full API key. Lists only carry the masked key, so the full one is read
 * from the integration's detail at the moment of copying.
 */
export function CopyApiKeyButton({ integrationId, name }: { integrationId: string; name: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'busy' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    setState('busy');
    try {
      const detail = await queryClient.fetchQuery({ ...integrationQuery(integrationId), staleTime: 30_000 });
      if (!detail.apiKey) throw new Error('no key');
      await navigator.clipboard.writeText(detail.apiKey);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPIED_FOR_MS);
  };

  const label =
    state === 'copied' ? 'API key copied' : state === 'failed' ? 'Copy failed' : `Copy the API key of ${name}`;
  return (
    <span aria-live="polite" className="inline-flex">
      <IconButton
        size="sm"
        label={label}
        loading={state === 'busy'}
        onClick={(event) => {
          event.stopPropagation();
          void copy();
        }}
        icon={state === 'copied' ? <Check className="text-emerald-600 dark:text-emerald-400" /> : <Copy />}
      />
    </span>
  );
}
