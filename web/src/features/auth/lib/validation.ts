import { MIN_PASSWORD_LENGTH } from '@overlap/contract/auth';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

interface PasswordCheck {
  key: 'length' | 'digit' | 'special';
  label: string;
  ok: boolean;
}

/** The new-password rules of set and reset (spec 000 §5). */
export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { key: 'length', label: `At least ${MIN_PASSWORD_LENGTH} characters`, ok: password.length >= MIN_PASSWORD_LENGTH },
    { key: 'digit', label: 'At least one number', ok: /\d/.test(password) },
    { key: 'special', label: 'At least one special character', ok: /[^A-Za-z0-9\s]/.test(password) },
  ];
}

export const passwordRulesHold = (password: string) => passwordChecks(password).every((c) => c.ok);

/** Keeps digits only, at most six (the confirmation code). */
export const sanitizeCode = (value: string) => value.replace(/\D/g, '').slice(0, 6);

export const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';
