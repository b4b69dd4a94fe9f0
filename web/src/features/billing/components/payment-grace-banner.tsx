import { Link } from 'react-router';
import { useBillingStatus } from '../../../api/account';
import { formatDate } from '../../../lib/format-time';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Banner } from '../../../ui/banner';

/** While a payment has failed and the account still works: how long, and where to fix it. */
export function PaymentGraceBanner() {
  const billing = useBillingStatus();
  useTimePreferences();
  const graceEnds = billing.data?.paymentGraceEndsAt;
  if (!graceEnds || billing.data?.suspensionReason) return null;
  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 pt-4 sm:px-6">
      <Banner
        tone="warning"
        title="Your last payment failed"
        action={
          <Link to="/account?tab=billing" className="font-medium underline underline-offset-4 hover:no-underline">
            Update payment method
          </Link>
        }
      >
        Overlap keeps working until {formatDate(graceEnds)}. Update your payment method before then, or the account will
        be suspended.
      </Banner>
    </div>
  );
}
