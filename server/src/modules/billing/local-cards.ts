import type { testCard } from '@overlap/contract/billing';
import type { z } from 'zod';
import { AppError, fieldError } from '../../core/errors.ts';

export type TestCardInput = z.output<typeof testCard>;

/** Stripe's test cards that behave differently; any other valid number pays. */
export const DECLINED_CARD = '4000000000000002';
export const DECLINES_LATER_CARD = '4000000000000341';

export interface AcceptedCard {
  brand: string;
  last4: string;
  /** Attaching works, every charge fails (Stripe's 4000 0000 0000 0341). */
  declines: boolean;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

export const cardDeclined = () =>
  new AppError(402, 'CARD_DECLINED', 'Your card was declined.', { error: 'The payment could not be completed.' });

/** Checks a card of the test-mode checkout the way a card form would; the declining test card is 402. */
export function acceptTestCard(card: TestCardInput, now = new Date()): AcceptedCard {
  if (!luhnValid(card.cardNumber)) throw fieldError('cardNumber', 'is not a valid card number');
  const [month, year] = card.expiry.split('/').map((p) => Number(p.trim()));
  const expiresAfter = Date.UTC(2000 + (year as number), month as number, 1);
  if (expiresAfter <= now.getTime()) throw fieldError('expiry', 'is in the past');
  if (card.cardNumber === DECLINED_CARD) throw cardDeclined();
  return {
    brand: brandOf(card.cardNumber),
    last4: card.cardNumber.slice(-4),
    declines: card.cardNumber === DECLINES_LATER_CARD,
  };
}
