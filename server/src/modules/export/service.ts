import { type ExportDay, MAX_EXPORT_DAYS } from '@overlap/contract/export';
import type { Ctx } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import { addDays, isRealDate, startOfLocalDay } from '../../lib/zoned-time.ts';
import { zonedIso } from '../overlap/clock.ts';
import { findActivePeople, findBlockSpans, type PlannedPerson } from '../overlap/queries.ts';
import { mergeSpans, type Span } from '../overlap/spans.ts';
import { findDayFigures, findEventBounds } from './queries.ts';

/** People read per round: a year of ten people's days and blocks is what sits in memory at once. */
const PEOPLE_PER_BATCH = 10;

export interface ExportRange {
  from: string;
  to: string;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** Checks the range before anything is streamed (400 naming the field). */
export function checkRange(query: { from: string; to: string }): ExportRange {
  if (!isRealDate(query.from)) throw fieldError('from', 'must be a real calendar day in the form YYYY-MM-DD');
  if (!isRealDate(query.to)) throw fieldError('to', 'must be a real calendar day in the form YYYY-MM-DD');
  const span = daysBetween(query.from, query.to);
  if (span < 0) throw fieldError('to', 'must be on or after from');
  if (span + 1 > MAX_EXPORT_DAYS) throw fieldError('to', `must be at most ${MAX_EXPORT_DAYS} days from from`);
  return { from: query.from, to: query.to };
}

/** The dates from `from` to `to`, inclusive. */
function datesOf(range: ExportRange): string[] {
  const dates: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** First and last moment of activity inside [dayStart, dayEnd), from merged blocks. */
function blockBounds(spans: readonly Span[], dayStart: number, dayEnd: number) {
  let first: number | null = null;
  let last: number | null = null;
  for (const s of spans) {
    if (s.start >= dayEnd) break;
    if (s.end <= dayStart) continue;
    first ??= Math.max(s.start, dayStart);
    last = Math.min(s.end, dayEnd);
  }
  return { first, last };
}

const pick = (a: number | null, b: number | undefined, choose: (x: number, y: number) => number) =>
  a === null ? (b ?? null) : b === undefined ? a : choose(a, b);

async function* batchRows(ctx: Ctx, batch: PlannedPerson[], range: ExportRange, dates: string[], now: number) {
  const windows = batch.map((p) => ({
    personId: p.id,
    timezone: p.timezone,
    from: startOfLocalDay(range.from, p.timezone),
    to: startOfLocalDay(addDays(range.to, 1), p.timezone),
  }));
  const earliest = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const latest = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  const ids = batch.map((p) => p.id);
  const [figures, events, blocks] = await Promise.all([
    findDayFigures(ctx.db, ctx.accountId, ids, range.from, range.to),
    findEventBounds(ctx.db, ctx.accountId, windows),
    findBlockSpans(ctx.db, ctx.accountId, ids, earliest, latest),
  ]);
  const figuresOf = new Map(figures.map((f) => [`${f.personId}|${f.date}`, f]));
  const eventsOf = new Map(events.map((e) => [`${e.personId}|${e.date}`, e]));
  for (const person of batch) {
    const spans = mergeSpans(
      blocks.filter((b) => b.personId === person.id).map((b) => ({ start: b.start, end: b.end ?? now })),
    );
    let dayStart = startOfLocalDay(range.from, person.timezone).getTime();
    for (const date of dates) {
      const dayEnd = startOfLocalDay(addDays(date, 1), person.timezone).getTime();
      const key = `${person.id}|${date}`;
      const figure = figuresOf.get(key);
      const event = eventsOf.get(key);
      const fromBlocks = blockBounds(spans, dayStart, dayEnd);
      const first = pick(fromBlocks.first, event?.first, Math.min);
      const last = pick(fromBlocks.last, event?.last, Math.max);
      const row: ExportDay = {
        person: person.name ?? '',
        date,
        timezone: person.timezone,
        firstActivity: first === null ? null : zonedIso(first, person.timezone),
        lastActivity: last === null ? null : zonedIso(last, person.timezone),
        onlineMinutes: figure?.onlineMinutes ?? 0,
        blocks: figure?.blocks ?? 0,
        events: figure?.events ?? 0,
        personId: person.id,
      };
      yield row;
      dayStart = dayEnd;
    }
  }
}

/**
 * One row per person (active people of the account, by name; `people` narrows them, and ids that
 * are not the account's match nothing) and local day from `from` to `to`, days without activity
 * included. Read ten people at a time, so a year of a hundred people never sits in memory whole.
 */
export async function* exportDays(
  ctx: Ctx,
  range: ExportRange,
  people: readonly string[] | undefined,
  now = Date.now(),
): AsyncGenerator<ExportDay> {
  const persons = await findActivePeople(ctx.db, ctx.accountId, people);
  const dates = datesOf(range);
  for (let i = 0; i < persons.length; i += PEOPLE_PER_BATCH) {
    yield* batchRows(ctx, persons.slice(i, i + PEOPLE_PER_BATCH), range, dates, now);
  }
}
