import { Boxes, Code2, Sparkles } from 'lucide-react';
import {
  type SimpleIcon,
  siAirtable,
  siAsana,
  siBitbucket,
  siBox,
  siClickup,
  siConfluence,
  siDiscord,
  siDropbox,
  siFigma,
  siGithub,
  siGitlab,
  siGoogledrive,
  siJira,
  siLinear,
  siMattermost,
  siMiro,
  siMural,
  siNotion,
  siSketch,
  siTodoist,
  siTrello,
} from 'simple-icons';
import { cn } from '../../../lib/cn';

const ICONS: Record<string, SimpleIcon> = {
  github: siGithub,
  gitlab: siGitlab,
  google: siGoogledrive,
  discord: siDiscord,
  mattermost: siMattermost,
  bitbucket: siBitbucket,
  jira: siJira,
  confluence: siConfluence,
  figma: siFigma,
  sketch: siSketch,
  linear: siLinear,
  trello: siTrello,
  asana: siAsana,
  notion: siNotion,
  clickup: siClickup,
  airtable: siAirtable,
  miro: siMiro,
  mural: siMural,
  dropbox: siDropbox,
  box: siBox,
  todoist: siTodoist,
};

/** Brand colours too dark to see on the dark theme draw in the text colour instead. */
function isVeryDark(hex: string): boolean {
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.2;
}

/** Slack's mark: four pairs of rounded bars in its colours (Simple Icons no longer ships it). */
function SlackMark() {
  const bar = (x: number, y: number, w: number, h: number, fill: string) => (
    <rect x={x} y={y} width={w} height={h} rx={Math.min(w, h) / 2} fill={fill} />
  );
  return (
    <>
      {bar(9.6, 2, 3.4, 9.4, '#36C5F0')}
      {bar(2, 11, 9.4, 3.4, '#36C5F0')}
      {bar(11, 11, 3.4, 9.4, '#E01E5A')}
      {bar(12.6, 9.6, 9.4, 3.4, '#2EB67D')}
      {bar(11, 2.2, 3.4, 6, '#2EB67D')}
      {bar(2.2, 9.6, 6, 3.4, '#E01E5A')}
      {bar(9.6, 15.8, 3.4, 6, '#ECB22E')}
      {bar(15.8, 11, 6, 3.4, '#ECB22E')}
    </>
  );
}

/** Microsoft's four squares, for Microsoft Teams and Microsoft 365. */
function MicrosoftMark() {
  return (
    <>
      <rect x="2" y="2" width="9.5" height="9.5" fill="#F25022" />
      <rect x="12.5" y="2" width="9.5" height="9.5" fill="#7FBA00" />
      <rect x="2" y="12.5" width="9.5" height="9.5" fill="#00A4EF" />
      <rect x="12.5" y="12.5" width="9.5" height="9.5" fill="#FFB900" />
    </>
  );
}

/** A provider's logo as inline SVG (no network fetch), on a neutral tile. */
export function ProviderLogo({ provider, className }: { provider: string; className?: string }) {
  const tile = cn(
    'flex size-9 shrink-0 items-center justify-center rounded-md border border-line bg-canvas text-fg',
    className,
  );
  const svg = (children: React.ReactNode, fill?: string) => (
    <span className={tile} aria-hidden="true">
      <svg viewBox="0 0 24 24" className="size-5" fill={fill} role="img" aria-hidden="true">
        {children}
      </svg>
    </span>
  );
  if (provider === 'slack') return svg(<SlackMark />);
  if (provider === 'microsoft' || provider === 'microsoft365') return svg(<MicrosoftMark />);
  const icon = ICONS[provider];
  if (icon) return svg(<path d={icon.path} />, isVeryDark(icon.hex) ? 'currentColor' : `#${icon.hex}`);
  const Fallback = provider === 'demo' ? Sparkles : provider === 'custom' ? Code2 : Boxes;
  return (
    <span className={tile} aria-hidden="true">
      <Fallback className="size-5 text-accent" />
    </span>
  );
}
