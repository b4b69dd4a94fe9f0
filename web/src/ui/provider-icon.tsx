import {
  Cloud,
  FileText,
  Github,
  Gitlab,
  type LucideIcon,
  MessageCircle,
  MessagesSquare,
  Slack,
  Sparkles,
  Trello,
  Webhook,
} from 'lucide-react';
import { cn } from '../lib/cn';

const ICONS: Record<string, LucideIcon> = {
  slack: Slack,
  microsoft: MessagesSquare,
  discord: MessageCircle,
  mattermost: MessagesSquare,
  demo: Sparkles,
  custom: Webhook,
  google: FileText,
  github: Github,
  gitlab: Gitlab,
  trello: Trello,
  jira: Trello,
};

/** A provider's mark in a rounded tile; unknown providers show their first letter. */
export function ProviderIcon({ provider, className }: { provider: string; className?: string }) {
  const key = provider.trim().toLowerCase();
  const Icon = ICONS[key];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-line bg-subtle text-zinc-700 dark:text-zinc-200',
        className,
      )}
    >
      {Icon ? (
        <Icon className="size-4" />
      ) : key ? (
        <span className="text-[13px] font-semibold uppercase">{key.charAt(0)}</span>
      ) : (
        <Cloud className="size-4" />
      )}
    </span>
  );
}
