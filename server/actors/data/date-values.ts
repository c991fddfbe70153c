import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** The units the IDE offers. */
export const DateUnitSchema = z.enum(['years', 'months', 'days', 'hours', 'minutes', 'seconds']);

/** A unit of date arithmetic. */
export type DateUnit = z.infer<typeof DateUnitSchema>;

const CALENDAR_UNITS: readonly DateUnit[] = ['years', 'months', 'days'];
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss.SSS';
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Whether a name is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a date as epoch milliseconds: a number is epoch ms; a string is ISO 8601 (a date or date-time; without an
 * offset it is a wall-clock time in `timeZone`), or else text in `format` (dayjs tokens, strict, also in `timeZone`);
 * `formatFirst` tries the format before ISO 8601.
 * @throws Error naming the value when it is no valid date (`2024-02-31` included).
 */
export function readDate(value: unknown, timeZone: string, format?: string, formatFirst = false): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const text = value.trim();
    const formatted = () => (format === undefined ? undefined : readFormatted(text, format, timeZone));
    const instant = formatFirst ? (formatted() ?? readIso(text, timeZone)) : (readIso(text, timeZone) ?? formatted());
    if (instant !== undefined && Number.isFinite(instant)) return instant;
  }
  const expected = format === undefined ? 'ISO 8601 or epoch milliseconds' : `ISO 8601, epoch milliseconds or the format '${format}'`;
  throw new Error(`Invalid date ${JSON.stringify(value) ?? String(value)}: expected ${expected}`);
}

/** Formats epoch milliseconds in a time zone with dayjs tokens. */
export function formatDate(instant: number, format: string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format(format);
}

/**
 * Adds an amount of a unit: years, months and days move the wall clock in `timeZone` (a day stays a calendar day
 * across daylight-saving changes), hours, minutes and seconds move the instant.
 * @throws Error when a calendar amount is not a whole number.
 */
export function addToDate(instant: number, amount: number, unit: DateUnit, timeZone: string): number {
  if (!CALENDAR_UNITS.includes(unit)) return dayjs(instant).add(amount, unit).valueOf();
  if (!Number.isInteger(amount)) throw new Error(`The amount of ${unit} must be a whole number, got ${amount}`);
  const wall = dayjs.utc(dayjs(instant).tz(timeZone).format(WALL_CLOCK)).add(amount, unit);
  return dayjs.tz(wall.format(WALL_CLOCK), timeZone).valueOf();
}

/** The difference `to - from` in whole units (truncated toward zero); calendar units count on the wall clock in `timeZone`. */
export function dateDifference(from: number, to: number, unit: DateUnit, timeZone: string): number {
  if (!CALENDAR_UNITS.includes(unit)) return dayjs(to).diff(dayjs(from), unit);
  const wall = (instant: number) => dayjs.utc(dayjs(instant).tz(timeZone).format(WALL_CLOCK));
  return wall(to).diff(wall(from), unit);
}

function readIso(text: string, timeZone: string): number | undefined {
  const match = ISO.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const millis = match[7] === undefined ? 0 : Math.floor(Number(`0${match[7]}`) * 1000);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return Number.NaN;
  }
  const offset = match[8];
  if (offset === undefined) return dayjs.tz(dayjs.utc(wall).format(WALL_CLOCK), timeZone).valueOf();
  if (offset.toUpperCase() === 'Z') return wall;
  const digits = offset.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0);
  return wall - (offset.startsWith('-') ? -minutes : minutes) * 60_000;
}

/** Reads text in a dayjs format (strict unless the format has a zone token) as epoch ms in a time zone; undefined when it does not match. */
export function readFormatted(text: string, format: string, timeZone: string): number | undefined {
  // dayjs's strict mode rejects every text with an offset token, so formats with a zone are read leniently.
  if (/Z/.test(format.replace(/\[[^\]]*\]/g, ''))) {
    const parsed = dayjs(text, format);
    return parsed.isValid() ? parsed.valueOf() : undefined;
  }
  const parsed = dayjs.utc(text, format, true);
  return parsed.isValid() ? dayjs.tz(parsed.format(WALL_CLOCK), timeZone).valueOf() : undefined;
}
