import { cn } from '../../../lib/cn';
import { PERSON_COLORS, readableTextOn } from '../../../lib/person-colors';
import { TIME_OF_DAY_BANDS, TIME_OF_DAY_LABEL, TIME_OF_DAY_TINT, type TimeOfDay } from '../../../lib/time-of-day';
import { Avatar } from '../../../ui/avatar';
import { Example, Section } from './section';

const BAND_HOURS: Record<TimeOfDay, string> = {
  'early-morning': '05–07',
  morning: '07–11',
  midday: '11–14',
  afternoon: '14–18',
  evening: '18–20',
  night: '20–23',
  'late-night': '23–05',
};

const team = [
  { id: 'a1', name: 'Ana Silva' },
  { id: 'k2', name: 'Kenji Watanabe' },
  { id: 'm3', name: 'Mira Patel' },
  { id: 'l4', name: 'Leo Fischer', color: '#0ea5e9' },
  { id: 's5', name: 'Sam Okafor' },
];

export function IdentitySection() {
  return (
    <Section
      id="people"
      title="People"
      description="People carry their own colour (or one picked from the palette by their id). It never colours the interface itself."
    >
      <Example label="Avatars">
        <Avatar name="Ana Silva" id="a1" size="xs" />
        <Avatar name="Ana Silva" id="a1" size="sm" />
        <Avatar name="Ana Silva" id="a1" size="md" online />
        <Avatar name="Ana Silva" id="a1" size="lg" online={false} />
        <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
        <div className="flex -space-x-2">
          {team.map((p) => (
            <Avatar key={p.id} name={p.name} id={p.id} color={p.color} className="rounded-full ring-2 ring-surface" />
          ))}
        </div>
        <Avatar email="kim.lee@example.com" id="k-lee" />
      </Example>
      <div className="rounded-lg border border-line bg-surface">
        <p className="border-b border-line px-4 py-2 text-xs font-medium text-muted">Person palette · 20 colours</p>
        <ul className="grid grid-cols-4 gap-2 p-4 sm:grid-cols-10">
          {PERSON_COLORS.map((hex, index) => (
            <li key={hex} className="flex flex-col items-center gap-1.5">
              <span
                className="flex h-10 w-full items-center justify-center rounded-md text-[11px] font-semibold"
                style={{ backgroundColor: hex, color: readableTextOn(hex) }}
              >
                {index + 1}
              </span>
              <span className="tabular font-mono text-[11px] text-muted">{hex}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-lg border border-line bg-surface">
        <p className="border-b border-line px-4 py-2 text-xs font-medium text-muted">Time-of-day bands (local hour)</p>
        <ul className="grid grid-cols-2 gap-2 p-4 sm:grid-cols-7">
          {TIME_OF_DAY_BANDS.map((band) => (
            <li key={band} className={cn('flex flex-col gap-0.5 rounded-md px-3 py-2', TIME_OF_DAY_TINT[band])}>
              <span className="text-xs font-medium">{TIME_OF_DAY_LABEL[band]}</span>
              <span className="tabular text-[11px] opacity-80">{BAND_HOURS[band]}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
