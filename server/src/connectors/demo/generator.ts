import type { PresenceStatus } from '@overlap/contract/ingest';
import { localDayOf, tzOffsetMs } from '../../lib/zoned-time.ts';
import { DEMO_TEAM, type DemoMember } from './team.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A deterministic number in [0, 1) for the seed and the given integers (a small integer hash). */
export function noise(seed: number, ...parts: number[]): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
  }
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
  return ((h ^ (h >>> 15)) >>> 0) / 4_294_967_296;
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;
const isoWeekOf = (day: number) => Math.floor((day + 3) / 7);

export interface Session {
  start: number;
  end: number;
}

/** Whether the member is on leave that day (one week in every `leaveEveryWeeks`). */
export function isOnLeave(member: DemoMember, day: number, seed: number): boolean {
  if (!member.leaveEveryWeeks) return false;
  return (isoWeekOf(day) + seed) % member.leaveEveryWeeks === 0;
}

/**
 * The member's working sessions of one local day, in UTC ms: the working day varies a little from
 * day to day, is broken by lunch (dinner for the night owl) and sometimes a short afternoon break;
 * weekends are off (the night owl sometimes works a couple of hours); a rare day off.
 */
export function sessionsOf(member: DemoMember, index: number, day: number, seed: number): Session[] {
  const weekday = weekdayOf(day);
  const r = (salt: number) => noise(seed, index, day, salt);
  if (isOnLeave(member, day, seed)) return [];
  const midnight = day * DAY - tzOffsetMs(member.timezone, day * DAY + 12 * 3_600_000);
  const toUtc = (m: number) => midnight + m * MINUTE;
  if (weekday === 0 || weekday === 6) {
    if (!member.nightOwl || r(1) > 0.35) return [];
    const start = 15 * 60 + Math.round(r(2) * 180);
    return [{ start: toUtc(start), end: toUtc(start + 60 + Math.round(r(3) * 90)) }];
  }
  if (r(4) < 0.03) return [];
  const start = member.startMinute + Math.round((r(5) - 0.4) * 50);
  let end = member.endMinute + Math.round((r(6) - 0.5) * 70);
  if (weekday === 5) end -= 45;
  const breaks: [number, number][] = [];
  const mealStart = member.nightOwl ? 19 * 60 + Math.round(r(7) * 45) : 12 * 60 + Math.round(r(7) * 60);
  breaks.push([mealStart, mealStart + 30 + Math.round(r(8) * 30)]);
  if (r(9) < 0.5) {
    const pause = (member.nightOwl ? 22 * 60 : 15 * 60) + Math.round(r(10) * 90);
    breaks.push([pause, pause + 10 + Math.round(r(11) * 10)]);
  }
  const sessions: Session[] = [];
  let cursor = start;
  for (const [bs, be] of breaks) {
    if (bs <= cursor || be >= end) continue;
    sessions.push({ start: toUtc(cursor), end: toUtc(bs) });
    cursor = be;
  }
  sessions.push({ start: toUtc(cursor), end: toUtc(end) });
  return sessions;
}

const sessionCache = new Map<string, Session[]>();
function cachedSessions(member: DemoMember, index: number, day: number, seed: number): Session[] {
  const key = `${seed}|${index}|${day}`;
  let s = sessionCache.get(key);
  if (!s) {
    if (sessionCache.size > 50_000) sessionCache.clear();
    s = sessionsOf(member, index, day, seed);
    sessionCache.set(key, s);
  }
  return s;
}

/** What the demo source reports for the member at `at`. */
export function statusAt(member: DemoMember, index: number, at: number, seed: number): PresenceStatus {
  const day = localDayOf(member.timezone, at);
  for (const d of [day - 1, day]) {
    const sessions = cachedSessions(member, index, d, seed);
    if (sessions.some((s) => at >= s.start && at < s.end)) {
      const r = noise(seed, index, Math.floor(at / (30 * MINUTE)), 99);
      const meeting = member.role === 'product' ? 0.3 : 0.1;
      if (r < meeting) return 'meeting';
      if (r < meeting + 0.07) return 'dnd';
      if (r < meeting + 0.11) return 'busy';
      return 'online';
    }
    const first = sessions[0];
    const last = sessions[sessions.length - 1];
    if (first && last && at >= first.start && at < last.end) return 'away';
  }
  return 'offline';
}

export interface DemoSample {
  key: string;
  at: number;
  status: PresenceStatus;
}

/**
 * Presence as the demo source reports it every `stepMinutes` in [from, to): active ticks, and the
 * first inactive tick after each active stretch (the later inactive ticks would change nothing).
 */
export function generatePresence(
  seed: number,
  from: number,
  to: number,
  stepMinutes: number,
  team: readonly DemoMember[] = DEMO_TEAM,
): DemoSample[] {
  const step = stepMinutes * MINUTE;
  const out: DemoSample[] = [];
  team.forEach((member, index) => {
    let wasActive = false;
    for (let t = Math.ceil(from / step) * step; t < to; t += step) {
      const status = statusAt(member, index, t, seed);
      const active = status !== 'away' && status !== 'offline';
      if (active || wasActive) out.push({ key: member.key, at: t, status });
      wasActive = active;
    }
  });
  return out;
}

export interface DemoEvent {
  key: string;
  externalId: string;
  kind: 'git_commit' | 'google_drive_file_edit';
  timestamp: number;
  title: string;
  url: string;
  metadata: Record<string, unknown>;
}

const COMMIT_MESSAGES = [
  'Fix timezone offset in weekly summary',
  'Add retry to webhook delivery',
  'Refactor presence sampling loop',
  'Bump dependencies',
  'Improve empty state copy',
  'Speed up dashboard query',
  'Handle expired OAuth tokens',
  'Add tests for merge flow',
  'Tidy up logging',
  'Fix flaky end-to-end test',
];
const FILES = [
  'Q3 roadmap',
  'Onboarding checklist',
  'Design review notes',
  'Customer interview summary',
  'Release plan',
  'Team offsite agenda',
  'Pricing page copy',
  'Incident postmortem',
];

/** Commits (developers, QA) and document edits (product, design, QA) within working sessions. */
export function generateEvents(
  seed: number,
  from: number,
  to: number,
  team: readonly DemoMember[] = DEMO_TEAM,
): DemoEvent[] {
  const out: DemoEvent[] = [];
  team.forEach((member, index) => {
    const firstDay = localDayOf(member.timezone, from) - 1;
    const lastDay = localDayOf(member.timezone, to);
    for (let day = firstDay; day <= lastDay; day++) {
      const sessions = cachedSessions(member, index, day, seed);
      const total = sessions.reduce((sum, s) => sum + (s.end - s.start), 0);
      if (total <= 0) continue;
      const r = (salt: number) => noise(seed, index, day, 500 + salt);
      const commits =
        member.role === 'developer' ? Math.floor(r(0) * 6) : member.role === 'quality' ? Math.floor(r(0) * 2) : 0;
      const edits = member.role === 'developer' ? (r(1) < 0.15 ? 1 : 0) : 1 + Math.floor(r(1) * 4);
      const place = (i: number) => {
        let offset = Math.floor(noise(seed, index, day, 700 + i) * total);
        for (const s of sessions) {
          if (offset < s.end - s.start) return s.start + Math.floor(offset / MINUTE) * MINUTE;
          offset -= s.end - s.start;
        }
        return sessions[0]?.start ?? 0;
      };
      const first = member.name.split(' ')[0]?.toLowerCase() ?? member.key;
      for (let i = 0; i < commits; i++) {
        const timestamp = place(i);
        const sha = Math.floor(noise(seed, index, day, 900 + i) * 0xfffffff)
          .toString(16)
          .padStart(7, '0');
        out.push({
          key: member.key,
          externalId: `demo-commit-${member.key}-${day}-${i}`,
          kind: 'git_commit',
          timestamp,
          title: COMMIT_MESSAGES[Math.floor(r(10 + i) * COMMIT_MESSAGES.length)] as string,
          url: `https://github.com/overlap-demo/app/commit/${sha}`,
          metadata: {
            authorName: member.name,
            authorEmail: member.email,
            authorUsername: first,
            repository: 'overlap-demo/app',
          },
        });
      }
      for (let i = 0; i < edits; i++) {
        const timestamp = place(50 + i);
        const fileName = FILES[Math.floor(r(30 + i) * FILES.length)] as string;
        out.push({
          key: member.key,
          externalId: `demo-edit-${member.key}-${day}-${i}`,
          kind: 'google_drive_file_edit',
          timestamp,
          title: `Edited ${fileName}`,
          url: `https://docs.google.com/document/d/demo-${day}-${index}-${i}`,
          metadata: { fileName, editorDisplayName: member.name, editorEmail: member.email, editorRole: 'writer' },
        });
      }
    }
  });
  return out.filter((e) => e.timestamp >= from && e.timestamp < to).sort((a, b) => a.timestamp - b.timestamp);
}
