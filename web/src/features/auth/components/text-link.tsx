import { Link, type LinkProps } from 'react-router';
import { cn } from '../../../lib/cn';

export const textLinkClasses = 'font-medium text-accent-text hover:underline underline-offset-2';

export function TextLink({ className, ...props }: LinkProps) {
  return <Link {...props} className={cn(textLinkClasses, className)} />;
}
