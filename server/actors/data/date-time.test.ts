import { DateTimeConfigSchema, dateTime } from './date-time';
import { runNode } from '../../../test/support/kits';

describe('tpl_date_time', () => {
  it("applies the template's defaults: format in UTC as YYYY-MM-DD HH:mm:ss, unit days", async () => {
    expect(DateTimeConfigSchema.parse({ format: '', timezone: '' })).toEqual({ operation: 'format', format: 'YYYY-MM-DD HH:mm:ss', timezone: 'UTC', unit: 'days' });
    const run = await runNode(dateTime, { packets: [['date-in', '2024-03-10T10:20:30.400Z']] });
    expect(run.packets['formatted-out']).toEqual(['2024-03-10 10:20:30']);
    expect(run.packets['timestamp-out']).toEqual([Date.UTC(2024, 2, 10, 10, 20, 30, 400)]);
  });

  it('formats epoch milliseconds and {date} in the configured format and time zone', async () => {
    const run = await runNode(dateTime, {
      config: { format: 'DD.MM.YYYY HH:mm Z', timezone: 'Europe/Berlin' },
      packets: [['date-in', Date.UTC(2024, 6, 1, 12)], ['date-in', { date: '2024-01-01T00:00:00Z' }]],
    });
    expect(run.packets['formatted-out']).toEqual(['01.07.2024 14:00 +02:00', '01.01.2024 01:00 +01:00']);
  });

  it('parses text in the format, in the time zone, into epoch ms and ISO 8601', async () => {
    const run = await runNode(dateTime, {
      config: { operation: 'parse', format: 'DD/MM/YYYY HH:mm', timezone: 'America/New_York' },
      packets: [['date-in', '10/03/2024 10:00']],
    });
    expect(run.packets['timestamp-out']).toEqual([Date.UTC(2024, 2, 10, 14)]);
    expect(run.packets['formatted-out']).toEqual(['2024-03-10T14:00:00.000Z']);
  });

  it('adds and subtracts an amount given as {date, amount, unit?} or as a bare amount from now', async () => {
    const add = await runNode(dateTime, {
      config: { operation: 'add', unit: 'months' },
      packets: [['date-in', { date: '2024-01-31', amount: 1 }], ['date-in', { date: '2024-01-31', amount: '2', unit: 'hours' }]],
    });
    expect(add.packets['formatted-out']).toEqual(['2024-02-29 00:00:00', '2024-01-31 02:00:00']);
    const subtract = await runNode(dateTime, { config: { operation: 'subtract', unit: 'seconds' }, packets: [['date-in', 60]] });
    const expected = Date.now() - 60_000;
    expect(Math.abs((subtract.packets['timestamp-out']?.[0] as number) - expected)).toBeLessThan(5000);
  });

  it('gives a difference in the unit on formatted-out and in milliseconds on timestamp-out', async () => {
    const run = await runNode(dateTime, {
      config: { operation: 'diff', unit: 'days' },
      packets: [['date-in', { from: '2024-01-01', to: '2024-03-01' }], ['date-in', ['2024-01-01T00:00:00Z', '2024-01-01T06:30:00Z']], ['date-in', { from: '2024-01-01', to: '2024-01-02', unit: 'minutes' }]],
    });
    expect(run.packets['formatted-out']).toEqual([60, 0, 1440]);
    expect(run.packets['timestamp-out']).toEqual([60 * 86_400_000, 6.5 * 3_600_000, 86_400_000]);
  });

  it('emits the current time for now, once at start when date-in is not connected', async () => {
    const before = Date.now();
    const run = await runNode(dateTime, { config: { operation: 'now', format: 'YYYY' } });
    expect(run.packets['formatted-out']).toEqual([String(new Date().getUTCFullYear())]);
    expect(run.packets['timestamp-out']?.[0]).toBeGreaterThanOrEqual(before);
  });

  it('fails with a clear error on an invalid date or input shape', async () => {
    const invalid = await runNode(dateTime, { packets: [['date-in', 'not a date']] });
    expect(invalid.result.success).toBe(false);
    expect(invalid.result.errors[0].message).toBe(`Invalid date "not a date": expected ISO 8601, epoch milliseconds or the format 'YYYY-MM-DD HH:mm:ss'`);
    const shape = await runNode(dateTime, { config: { operation: 'add' }, packets: [['date-in', '2024-01-01']] });
    expect(shape.result.errors[0].message).toBe('date-in for add must be an amount or {date?, amount, unit?}, got "2024-01-01"');
  });

  it('rejects an unknown time zone when the graph is validated', async () => {
    await expect(runNode(dateTime, { config: { timezone: 'Mars/Olympus' }, packets: [['date-in', 0]] })).rejects.toThrow(
      "config 'timezone': is not a known IANA time zone",
    );
  });
});
