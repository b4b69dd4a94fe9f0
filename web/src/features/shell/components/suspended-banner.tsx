import { Link } from 'react-router';
import { Banner } from '../../../ui/banner';

export const SUSPENDED_MESSAGE =
  'Your account has been suspended. Please visit your account settings to resolve this issue.';

/** Shown on every page while the account is suspended. */
export function SuspendedBanner() {
  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 pt-4 sm:px-6">
      <Banner
        tone="danger"
        action={
          <Link to="/account?tab=billing" className="font-medium underline underline-offset-4 hover:no-underline">
            Account settings
          </Link>
        }
      >
        {SUSPENDED_MESSAGE}
      </Banner>
    </div>
  );
}
