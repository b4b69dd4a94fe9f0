const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'zoho.com',
  'fastmail.com',
  'hey.com',
]);

const titleCase = (value: string) =>
  value
    .split(/[-_.+\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** "ana@acme-labs.io" -> "Acme Labs"; "ana.lopez@gmail.com" -> "Ana Lopez". */
export function deriveAccountName(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const fromDomain = PUBLIC_MAIL_DOMAINS.has(domain) ? '' : titleCase(domain.split('.')[0] ?? '');
  return (fromDomain || titleCase(local) || 'My Team').slice(0, 100);
}

export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'team';
