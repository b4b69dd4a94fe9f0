import { type FormEvent, useState } from 'react';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { PASSWORDS_DO_NOT_MATCH, passwordRulesHold } from '../lib/validation';
import { PasswordChecklist } from './password-checklist';
import { PasswordInput } from './password-input';

/**
 * The new-password form of set and reset: the rules checklist, a confirmation that must match, and
 * a submit button enabled only when every rule holds.
 */
export function NewPasswordForm({
  email,
  submitLabel,
  pending,
  error,
  errorTitle,
  onSubmit,
}: {
  email: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  errorTitle: string;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const mismatch = confirm.length > 0 && confirm !== password;
  const ready = passwordRulesHold(password) && confirm === password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !pending) onSubmit(password);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-fg">Email</span>
        <p className="truncate rounded-md border border-line bg-subtle px-3 py-2 text-sm text-muted">{email}</p>
      </div>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordInput
        id="password"
        label="New password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        autoFocus
      />
      <PasswordChecklist password={password} />
      <PasswordInput
        id="confirm-password"
        label="Confirm password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        error={mismatch ? PASSWORDS_DO_NOT_MATCH : null}
      />
      {error ? (
        <Banner tone="danger" title={errorTitle}>
          {error}
        </Banner>
      ) : null}
      <Button type="submit" variant="primary" disabled={!ready} loading={pending} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
