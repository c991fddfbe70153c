import { z } from 'zod';
import { defineActor } from '../../engine';
import { choiceSetting, textSetting } from '../shared';
import { DateInputSchema, DiffInputSchema, ShiftInputSchema, readDateInput } from './date-input';
import { DateUnitSchema, addToDate, dateDifference, formatDate, isTimeZone, readDate } from './date-values';

/** Configuration of `tpl_date_time`, with the template's defaults. */
export const DateTimeConfigSchema = z.object({
  operation: choiceSetting('What to do with date-in: format, parse, add, subtract, diff, or now', ['format', 'parse', 'add', 'subtract', 'diff', 'now'], 'format'),
  format: textSetting('The dayjs format of formatted-out and of parsed text', z.string().default('YYYY-MM-DD HH:mm:ss')),
  timezone: textSetting('The IANA time zone dates are read and written in', z.string().default('UTC').refine(isTimeZone, 'is not a known IANA time zone')),
  unit: choiceSetting('The unit of add, subtract and diff', DateUnitSchema.options, 'days'),
});

/** Formats, parses, shifts and compares dates in a time zone; text goes to formatted-out, epoch milliseconds to timestamp-out. */
export const dateTime = defineActor({
  id: 'tpl_date_time',
  title: 'Date/Time',
  description: 'format, parse, add, subtract, diff or now on date-in, with a dayjs format, an IANA time zone and a unit.',
  inports: { 'date-in': { type: 'all', description: 'A date, {date, amount}, {from, to}, or any packet for now (unfed: fires once at start)' } },
  outports: { 'formatted-out': { type: 'string', description: 'The date as text (diff: the difference in unit)' }, 'timestamp-out': { type: 'number', description: 'Epoch milliseconds (diff: the difference in ms)' } },
  config: DateTimeConfigSchema,
  // now, and add, subtract and diff without a date, read the clock.
  effects: 'repeatable',
  async fire({ config, inputs, send }) {
    const { operation, format, timezone, unit } = config;
    const input = inputs['date-in'];
    const now = Date.now();
    if (operation === 'diff') {
      const { from, to, unit: given } = readDateInput(DiffInputSchema, input, 'diff', '{from, to?, unit?} or [from, to]');
      const start = readDate(from, timezone, format);
      const end = to === undefined ? now : readDate(to, timezone, format);
      await send('formatted-out', dateDifference(start, end, given ?? unit, timezone));
      return send('timestamp-out', end - start);
    }
    let instant = now;
    if (operation === 'add' || operation === 'subtract') {
      const shift = readDateInput(ShiftInputSchema, input, operation, 'an amount or {date?, amount, unit?}');
      const start = shift.date === undefined ? now : readDate(shift.date, timezone, format);
      instant = addToDate(start, operation === 'add' ? shift.amount : -shift.amount, shift.unit ?? unit, timezone);
    } else if (operation === 'parse' || (operation === 'format' && input !== undefined)) {
      instant = readDate(readDateInput(DateInputSchema, input, operation, 'a date or {date}'), timezone, format, operation === 'parse');
    }
    await send('formatted-out', operation === 'parse' ? new Date(instant).toISOString() : formatDate(instant, format, timezone));
    await send('timestamp-out', instant);
  },
});
