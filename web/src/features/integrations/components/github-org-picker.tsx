import type { IntegrationDetail } from '@overlap/contract/integrations';
import { useMemo } from 'react';
import { Button } from '../../../ui/button';
import { useGithubOrgs } from '../api/integrations';

/** "acme, acme-labs" -> ["acme", "acme-labs"], as the GitHub poll reads config.organizations. */
export const orgsOf = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The organisations to check for missed pushes, picked from those GitHub says the integration's
 * token can see (plus any chosen earlier). The value stays the comma-separated setting.
 */
export function GithubOrgPicker({
  integration,
  label,
  value,
  disabled,
  onChange,
}: {
  integration: IntegrationDetail;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const hasToken = integration.connected || Boolean(integration.maskedSecrets.accessToken);
  const orgs = useGithubOrgs(integration.id, hasToken);
  const selected = orgsOf(value);
  const choices = useMemo(() => {
    const listed = orgs.data?.organizations ?? [];
    const known = new Set(listed.map((o) => o.login.toLowerCase()));
    const earlier = selected.filter((login) => !known.has(login.toLowerCase()));
    const note = orgs.isSuccess ? 'Chosen earlier; not listed by GitHub now' : null;
    return [...listed, ...earlier.map((login) => ({ login, description: note }))];
  }, [orgs.data, orgs.isSuccess, selected]);
  const isSelected = (login: string) => selected.some((s) => s.toLowerCase() === login.toLowerCase());
  const toggle = (login: string) => {
    const next = isSelected(login)
      ? selected.filter((s) => s.toLowerCase() !== login.toLowerCase())
      : choices.map((c) => c.login).filter((l) => l === login || isSelected(l));
    onChange(next.join(', '));
  };

  let status: string | null = null;
  if (!hasToken) status = 'Connect GitHub (or save a personal access token) to choose organisations.';
  else if (orgs.isPending) status = 'Loading your organisations…';
  else if (orgs.isSuccess && choices.length === 0) status = 'This GitHub account belongs to no organisation.';

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="github-orgs-hint">
      <legend className="mb-1 text-sm font-medium text-fg">{label}</legend>
      <p id="github-orgs-hint" className="text-[13px] text-muted">
        Overlap checks these organisations' recent pushes for commits the webhook missed.
      </p>
      {status ? <p className="text-[13px] text-muted">{status}</p> : null}
      {orgs.isError ? (
        <div className="flex flex-wrap items-center gap-2" role="alert">
          <p className="text-[13px] text-red-600 dark:text-red-400">{orgs.error.message}</p>
          <Button size="sm" onClick={() => orgs.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {choices.length > 0 ? (
        <div className="flex flex-col gap-2">
          {choices.map((org) => (
            <label key={org.login} className="flex items-start gap-2.5 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-accent"
                aria-label={org.login}
                aria-describedby={org.description ? `github-org-${org.login}` : undefined}
                checked={isSelected(org.login)}
                disabled={disabled}
                onChange={() => toggle(org.login)}
              />
              <span>
                <span className="font-medium">{org.login}</span>
                {org.description ? (
                  <span id={`github-org-${org.login}`} className="block text-[13px] text-muted">
                    {org.description}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
