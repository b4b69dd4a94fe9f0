import { renderMail } from './layout.ts';
import type { MailMessage } from './message.ts';

const link = (publicUrl: string, path: string, query: Record<string, string>) =>
  `${publicUrl}${path}?${new URLSearchParams(query).toString()}`;

export function confirmationMail(input: {
  publicUrl: string;
  to: string;
  token: string;
  code: string;
  linkHours: number;
  codeMinutes: number;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'Confirm your email address',
    intro: ['Welcome to Overlap! Confirm your email address to finish creating your account.'],
    code: input.code,
    action: {
      label: 'Confirm email address',
      url: link(input.publicUrl, '/confirm-email', { token: input.token, email: input.to }),
    },
    outro: [
      `The code works for ${input.codeMinutes} minutes and the link for ${input.linkHours} hours.`,
      "If you didn't sign up for Overlap, you can ignore this email.",
    ],
  });
}

export function alreadyRegisteredMail(input: { publicUrl: string; to: string }): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'You already have an Overlap account',
    intro: [
      'Someone (hopefully you) tried to sign up for Overlap with this email address, which already has an account.',
    ],
    action: { label: 'Log in', url: `${input.publicUrl}/login` },
    outro: [
      `Forgot your password? Reset it at ${link(input.publicUrl, '/forgot-password', { email: input.to })}`,
      "If this wasn't you, you can ignore this email.",
    ],
  });
}

/**
 * An invitation to an address that already belongs to another Overlap account: nothing is stored,
 * the owner learns who asked (the inviter cannot tell this address from a new one).
 */
export function invitationToRegisteredMail(input: {
  publicUrl: string;
  to: string;
  accountName: string;
  inviterEmail: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: `${input.accountName} invited you to Overlap`,
    intro: [
      `${input.inviterEmail} invited you to join ${input.accountName} on Overlap.`,
      'This email address already belongs to an Overlap account, and an address can be in one team only.',
    ],
    action: { label: 'Log in', url: `${input.publicUrl}/login` },
    outro: [
      `To join ${input.accountName}, ask ${input.inviterEmail} to invite another address of yours.`,
      "If you don't know this team, you can ignore this email.",
    ],
  });
}

export function passwordResetMail(input: { publicUrl: string; to: string; token: string; hours: number }): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'Reset your Overlap password',
    intro: ['We received a request to reset the password of your Overlap account.'],
    action: {
      label: 'Reset password',
      url: link(input.publicUrl, '/reset-password', { email: input.to, token: input.token }),
    },
    outro: [
      `The link works for ${input.hours} hour${input.hours === 1 ? '' : 's'} and only once.`,
      "If you didn't ask for this, you can ignore this email; your password stays the same.",
    ],
  });
}

export function invitationMail(input: {
  publicUrl: string;
  to: string;
  token: string;
  accountName: string;
  inviterEmail: string;
  role: string;
  days: number;
  /** When set, the mail also offers starting an account of one's own instead. */
  ownAccountUrl?: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: `You're invited to join ${input.accountName} on Overlap`,
    intro: [
      `${input.inviterEmail} invited you to join ${input.accountName} on Overlap as a ${input.role}.`,
      'Overlap shows when your team is online across the tools you already use.',
    ],
    action: {
      label: 'Accept invitation',
      url: `${input.publicUrl}/invitations/${encodeURIComponent(input.token)}/accept`,
    },
    outro: [
      `This invitation is valid for ${input.days} days.`,
      ...(input.ownAccountUrl
        ? [`Rather start a team of your own? Sign up at ${input.ownAccountUrl} (this invitation is then withdrawn).`]
        : []),
    ],
  });
}
