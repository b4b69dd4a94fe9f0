import type { TestCard } from '@overlap/contract/billing';
import { CreditCard } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../api/client';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { fieldErrors, formatCardNumber, formatExpiry, TEST_CARDS } from '../lib/card-input';

export interface TestCardFormProps {
  submitLabel: string;
  /** Sends the card; a thrown ApiError's field details are shown next to the fields. */
  onSubmit: (card: TestCard) => Promise<void>;
  disabled?: boolean;
}

/** The card form of the test-mode checkout and portal: Stripe's test cards, no real payment. */
export function TestCardForm({ submitLabel, onSubmit, disabled = false }: TestCardFormProps) {
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof card) => (value: string) => setCard((c) => ({ ...c, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await onSubmit(card);
    } catch (err) {
      const fields = isApiError(err) ? fieldErrors(err.body) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(err instanceof Error ? err.message : 'The payment failed.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {failure ? <Banner tone="danger">{failure}</Banner> : null}
      <Field label="Card number" error={errors.cardNumber} required>
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card.cardNumber}
          onChange={(e) => set('cardNumber')(formatCardNumber(e.target.value))}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Expiry" error={errors.expiry} required>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(e) => set('expiry')(formatExpiry(e.target.value))}
          />
        </Field>
        <Field label="CVC" error={errors.cvc} required>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(e) => set('cvc')(e.target.value.replace(/\D/g, ''))}
          />
        </Field>
      </div>
      <Field label="Name on card" error={errors.name} required>
        <Input autoComplete="cc-name" value={card.name} onChange={(e) => set('name')(e.target.value)} />
      </Field>
      <Button type="submit" variant="primary" icon={<CreditCard />} loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
      <details className="rounded-md border border-line bg-canvas px-3 py-2 text-xs text-muted">
        <summary className="cursor-pointer font-medium text-fg">Test cards</summary>
        <ul className="mt-2 flex flex-col gap-1">
          {TEST_CARDS.map((c) => (
            <li key={c.number} className="flex justify-between gap-3">
              <span className="font-mono tabular text-fg">{c.number}</span>
              <span>{c.outcome}</span>
            </li>
          ))}
          <li>Any future expiry, any CVC and name.</li>
        </ul>
      </details>
    </form>
  );
}
