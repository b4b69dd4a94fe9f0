import { renderMail } from './layout.ts';
import type { MailMessage } from './message.ts';

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function trialEndingMail(input: {
  publicUrl: string;
  to: string;
  accountName: string;
  planName: string;
  trialEndsAt: Date;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: `Your Overlap trial ends on ${day(input.trialEndsAt)}`,
    intro: [
      `The trial of the ${input.planName} plan for ${input.accountName} ends on ${day(input.trialEndsAt)}.`,
      'Your subscription continues after that and the card on file is charged, unless you cancel before.',
    ],
    action: { label: 'Manage billing', url: `${input.publicUrl}/account?tab=billing` },
    outro: ['You can change the plan or cancel at any time from the billing tab.'],
  });
}

export function paymentFailedMail(input: {
  publicUrl: string;
  to: string;
  accountName: string;
  planName: string;
  graceEndsAt: Date;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'Your Overlap payment failed',
    intro: [
      `We could not charge the card on file for the ${input.planName} plan of ${input.accountName}.`,
      `Overlap keeps working until ${day(input.graceEndsAt)}. Update your payment method before then, or the account will be suspended.`,
    ],
    action: { label: 'Update payment method', url: `${input.publicUrl}/account?tab=billing` },
    outro: ['A paid invoice makes the account fully active again.'],
  });
}
