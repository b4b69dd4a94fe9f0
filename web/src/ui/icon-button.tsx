import { forwardRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Tooltip } from './tooltip';

interface IconButtonProps extends Omit<ButtonProps, 'children' | 'size' | 'aria-label'> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: ReactNode;
  size?: 'sm' | 'md';
  tooltipSide?: 'top' | 'right' | 'bottom' | 'left';
}

/** An icon-only button: always named (aria-label) and explained by a tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, size = 'md', variant = 'ghost', tooltipSide, ...rest },
  ref,
) {
  return (
    <Tooltip content={label} side={tooltipSide}>
      <Button ref={ref} variant={variant} size={size === 'sm' ? 'icon-sm' : 'icon'} aria-label={label} {...rest}>
        {rest.loading ? null : icon}
      </Button>
    </Tooltip>
  );
});
