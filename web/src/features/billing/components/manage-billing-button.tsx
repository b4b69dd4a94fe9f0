import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { Button, type ButtonProps } from '../../../ui/button';
import { toast } from '../../../ui/toaster';
import { openCustomerPortal } from '../api/billing';

/**
 * 'Manage billing': the customer portal (Stripe's, or the test-mode one) in a new tab. The tab is
 * opened on the click itself, so pop-up blockers let it through, and pointed at the portal once
 * its address arrives.
 */
export function ManageBillingButton({ variant = 'secondary', size = 'sm' }: Pick<ButtonProps, 'variant' | 'size'>) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const { url } = await openCustomerPortal();
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      toast.error(errorMessage(err, 'The billing portal could not be opened. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} size={size} icon={<ExternalLink />} loading={busy} onClick={open}>
      Manage billing
    </Button>
  );
}
