import { Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/button';
import type { ExportActionProps } from './export-action';

const load = () => import('./export-action');
const ExportAction = lazy(load);

/**
 * Export on the dashboard: a plain button whose press loads the export dialog's code and opens it
 * (the code starts loading when the pointer or focus reaches the button).
 */
export function ExportSlot(props: ExportActionProps) {
  const [pressed, setPressed] = useState(false);
  const placeholder = (
    <Button
      size="sm"
      variant="secondary"
      icon={<Download />}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setPressed(true)}
    >
      Export
    </Button>
  );
  if (!pressed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ExportAction {...props} />
    </Suspense>
  );
}
