import { ChevronDown, ExternalLink } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-time';
import { formatAge } from '../../../lib/relative-time';
import { safeHref } from '../../../lib/safe-href';
import { Badge } from '../../../ui/badge';
import { useBuildInfo } from '../api/system';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex min-w-0 flex-col gap-0.5 sm:flex-row sm:gap-3">
    <dt className="w-32 shrink-0 text-muted">{label}</dt>
    <dd className="min-w-0 break-words text-fg">{children}</dd>
  </div>
);

/** Environment, app name and version; expands to the full build: version, branch, author, deploy, commit, pipeline. */
export function BuildInfoFooter() {
  const info = useBuildInfo();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const build = info.data;
  if (!build) {
    return info.isError ? <p className="text-xs text-muted">Build information is not available.</p> : null;
  }
  return (
    <footer className="rounded-lg border border-line bg-surface text-[13px]">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex w-full flex-wrap items-center gap-2 px-4 py-2.5 text-left"
      >
        <Badge tone={build.environment === 'production' ? 'success' : 'warning'}>{build.environment}</Badge>
        <span className="font-medium text-fg">{build.appname}</span>
        <span className="tabular text-muted">v{build.version}</span>
        <span className="ml-auto inline-flex items-center gap-1 text-muted">
          {open ? 'Hide build' : 'Build details'}
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </span>
      </button>
      {open ? (
        <dl id={panelId} className="flex flex-col gap-2 border-t border-line px-4 py-3">
          <Row label="Full version">
            <span className="tabular font-mono">{build.fullVersion}</span>
          </Row>
          <Row label="Branch">{build.branch ?? 'unknown'}</Row>
          <Row label="Author">{build.author ?? 'unknown'}</Row>
          <Row label="Deployed">
            {formatDateTime(build.deploymentTime)} ({formatAge(build.deploymentTime)})
          </Row>
          <Row label="Commit">
            {build.commit ? <span className="font-mono">{build.commit.slice(0, 12)}</span> : 'unknown'}
            {build.message ? <span className="text-muted"> · {build.message}</span> : null}
          </Row>
          <Row label="Pipeline">
            {safeHref(build.pipelineUrl) ? (
              <a
                href={safeHref(build.pipelineUrl) as string}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-accent-text underline underline-offset-2 hover:no-underline"
              >
                Open pipeline
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : (
              'none'
            )}
          </Row>
        </dl>
      ) : null}
    </footer>
  );
}
