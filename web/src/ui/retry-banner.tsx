import type { ReactNode } from 'react';
import { Banner } from './banner';
import { Button } from './button';

interface RetryBannerProps {
  /** What could not be loaded. */
  children: ReactNode;
  onRetry: () => void;
  label?: string;
  icon?: ReactNode;
}

/** A load that failed: what failed, with a button that asks again. */
export function RetryBanner({ children, onRetry, label = 'Try again', icon }: RetryBannerProps) {
  return (
    <Banner
      tone="danger"
      action={
        <Button size="sm" icon={icon} onClick={onRetry}>
          {label}
        </Button>
      }
    >
      {children}
    </Banner>
  );
}
