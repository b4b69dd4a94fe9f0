/** One fictional member of the demo team and the habits the generator follows. */
export interface DemoMember {
  /** Stable identifier reported by the demo source (personIdentifier). */
  key: string;
  name: string;
  email: string;
  timezone: string;
  color: string;
  role: 'developer' | 'product' | 'design' | 'quality';
  /** Usual local start and end of the working day, in minutes after midnight (end may pass 24:00). */
  startMinute: number;
  endMinute: number;
  /** Works late into the night; also the only one who sometimes works a little at weekends. */
  nightOwl?: boolean;
  /** Takes one week off in every `leaveEveryWeeks` weeks. */
  leaveEveryWeeks?: number;
}

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

export const DEMO_TEAM: readonly DemoMember[] = [
  {
    key: 'demo-ana',
    name: 'Ana Ferreira',
    email: 'ana.ferreira@demo.overlap.local',
    timezone: 'Europe/Lisbon',
    color: '#0ea5e9',
    role: 'developer',
    startMinute: h(9),
    endMinute: h(18),
  },
  {
    key: 'demo-marcus',
    name: 'Marcus Johnson',
    email: 'marcus.johnson@demo.overlap.local',
    timezone: 'America/New_York',
    color: '#f97316',
    role: 'product',
    startMinute: h(8, 30),
    endMinute: h(17, 30),
  },
  {
    key: 'demo-lena',
    name: 'Lena Schmidt',
    email: 'lena.schmidt@demo.overlap.local',
    timezone: 'Europe/Berlin',
    color: '#22c55e',
    role: 'developer',
    startMinute: h(8),
    endMinute: h(16, 30),
  },
  {
    key: 'demo-priya',
    name: 'Priya Raman',
    email: 'priya.raman@demo.overlap.local',
    timezone: 'Asia/Kolkata',
    color: '#a855f7',
    role: 'developer',
    startMinute: h(10),
    endMinute: h(19),
  },
  {
    key: 'demo-oliver',
    name: 'Oliver Bennett',
    email: 'oliver.bennett@demo.overlap.local',
    timezone: 'Australia/Sydney',
    color: '#ec4899',
    role: 'design',
    startMinute: h(8, 30),
    endMinute: h(17),
  },
  {
    key: 'demo-camila',
    name: 'Camila Souza',
    email: 'camila.souza@demo.overlap.local',
    timezone: 'America/Sao_Paulo',
    color: '#eab308',
    role: 'developer',
    startMinute: h(9),
    endMinute: h(18),
    leaveEveryWeeks: 8,
  },
  {
    key: 'demo-jake',
    name: 'Jake Morrison',
    email: 'jake.morrison@demo.overlap.local',
    timezone: 'America/Los_Angeles',
    color: '#6366f1',
    role: 'developer',
    startMinute: h(13),
    endMinute: h(25, 30),
    nightOwl: true,
  },
  {
    key: 'demo-yuki',
    name: 'Yuki Tanaka',
    email: 'yuki.tanaka@demo.overlap.local',
    timezone: 'Asia/Tokyo',
    color: '#14b8a6',
    role: 'quality',
    startMinute: h(9, 30),
    endMinute: h(18, 30),
  },
];
