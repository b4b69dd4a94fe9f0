import { type ComponentProps, lazy, Suspense } from 'react';
import type { BlockDialog as LoadedBlockDialog } from './block-dialog';

const Loaded = lazy(() => import('./block-dialog').then((m) => ({ default: m.BlockDialog })));
let used = false;

/** The block dialog, its code (dialogs, form, confirmation) loaded when a block is first opened. */
export function BlockDialog(props: ComponentProps<typeof LoadedBlockDialog>) {
  if (props.block) used = true;
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
