import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../../ui/button';
import { Logo } from '../../../ui/logo';
import { Tooltip } from '../../../ui/tooltip';

/** The page's own top bar: the way back to /account at the top left, then the product mark. */
export function SurveyHeader() {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex h-14 max-w-2xl items-center gap-3 px-4 sm:px-6">
        <Tooltip content="Back to account" side="bottom" align="start">
          <ButtonLink to="/account" variant="ghost" size="icon" aria-label="Back to account" className="-ml-2">
            <ArrowLeft />
          </ButtonLink>
        </Tooltip>
        <span className="h-5 w-px bg-line" aria-hidden="true" />
        <Logo />
        <span className="ml-auto text-[13px] text-muted">Team survey</span>
      </div>
    </header>
  );
}
