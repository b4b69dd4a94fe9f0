import { Activity, FileText, GitCommitHorizontal, type LucideIcon, Rocket, Share2, Sheet } from 'lucide-react';

const KIND_ICONS: Record<string, LucideIcon> = {
  git_commit: GitCommitHorizontal,
  commit: GitCommitHorizontal,
  deployment: Rocket,
  google_drive_file_edit: FileText,
  google_drive_external_collaboration: Share2,
  google_drive_summary: Sheet,
};

export const eventIcon = (kind: string): LucideIcon => KIND_ICONS[kind] ?? Activity;
