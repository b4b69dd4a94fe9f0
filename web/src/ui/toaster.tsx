import { Toaster as Sonner } from 'sonner';
import { useTheme } from '../lib/theme';

export { toast } from 'sonner';

/** Mounted once in the app providers; call `toast('Saved')`, `toast.success(...)`, `toast.error(...)`. */
export function Toaster() {
  const { resolved } = useTheme();
  return (
    <Sonner
      theme={resolved}
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: '!rounded-lg !border-line !bg-surface !text-fg !shadow-lg !font-sans',
          description: '!text-muted',
        },
      }}
    />
  );
}
