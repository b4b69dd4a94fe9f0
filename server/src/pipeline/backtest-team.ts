import { noise } from '../connectors/demo/generator.ts';
import type { DemoMember } from '../connectors/demo/team.ts';

const TIMEZONES = [
  'Europe/Lisbon',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Africa/Nairobi',
  'Pacific/Auckland',
];
const ROLES: DemoMember['role'][] = ['developer', 'product', 'design', 'quality'];

/**
 * A team of `size` members whose habits the seed decides: timezone, a working day starting between
 * 07:00 and 11:00 and lasting 7.5 to 10 hours, one in six a night owl, one in four taking a week off
 * every 6 to 10 weeks. The back-test runs on such teams besides the demo team.
 */
export function generatedTeam(seed: number, size: number): DemoMember[] {
  return Array.from({ length: size }, (_, i) => {
    const r = (salt: number) => noise(seed, 7_919, i, salt);
    const pick = <T>(list: readonly T[], salt: number) => list[Math.floor(r(salt) * list.length)] as T;
    const nightOwl = r(1) < 1 / 6;
    const startMinute = nightOwl ? 13 * 60 + Math.round(r(2) * 4) * 15 : 7 * 60 + Math.round(r(2) * 16) * 15;
    const leave = r(4) < 0.25 ? 6 + Math.floor(r(5) * 5) : undefined;
    return {
      key: `team-${seed}-${i}`,
      name: `Member ${i + 1}`,
      email: `member${i + 1}@team${seed}.example`,
      timezone: pick(TIMEZONES, 6),
      color: '#64748b',
      role: pick(ROLES, 7),
      startMinute,
      endMinute: startMinute + 450 + Math.round(r(3) * 10) * 15,
      ...(nightOwl ? { nightOwl } : {}),
      ...(leave ? { leaveEveryWeeks: leave } : {}),
    };
  });
}
