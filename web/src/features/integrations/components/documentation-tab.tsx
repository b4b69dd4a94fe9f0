import type { IntegrationDetail } from '@overlap/contract/integrations';
import { BookOpen, ExternalLink } from 'lucide-react';
import { safeHref } from '../../../lib/safe-href';
import { Card, CardContent } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { MarkdownView } from './markdown-view';

export function DocumentationTab({ integration }: { integration: IntegrationDetail }) {
  const { description, docs_url: docsUrl } = integration.service;
  if (!description.trim()) {
    return <EmptyState icon={BookOpen} description="No documentation available for this service." />;
  }
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 py-5">
        <MarkdownView source={description} />
        {safeHref(docsUrl) ? (
          <a
            href={safeHref(docsUrl) as string}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-accent hover:underline"
          >
            Full documentation <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}
