import { addToDate, dateDifference, formatDate, isTimeZone, readDate } from './date-values';

describe('date values', () => {
  it('reads epoch milliseconds, ISO 8601 with and without an offset, and text in a format', () => {
    expect(readDate(1_700_000_000_000, 'UTC')).toBe(1_700_000_000_000);
    expect(readDate('2024-03-10T10:00:00Z', 'Asia/Tokyo')).toBe(Date.UTC(2024, 2, 10, 10));
    expect(readDate('2024-03-10T10:00:00+02:00', 'UTC')).toBe(Date.UTC(2024, 2, 10, 8));
    expect(readDate('2024-03-10 10:00', 'America/New_York')).toBe(Date.UTC(2024, 2, 10, 14));
    expect(readDate('2024-03-10', 'UTC')).toBe(Date.UTC(2024, 2, 10));
    expect(readDate('10/03/2024 10:00', 'Europe/Paris', 'DD/MM/YYYY HH:mm')).toBe(Date.UTC(2024, 2, 10, 9));
  });

  it('refuses impossible dates and unreadable text with a message naming the value', () => {
    expect(() => readDate('2024-02-31', 'UTC')).toThrow('Invalid date "2024-02-31": expected ISO 8601 or epoch milliseconds');
    expect(() => readDate('2024-13-01T00:00:00Z', 'UTC')).toThrow('Invalid date');
    expect(() => readDate('31/02/2024', 'UTC', 'DD/MM/YYYY')).toThrow("or the format 'DD/MM/YYYY'");
    expect(() => readDate('soon', 'UTC')).toThrow('Invalid date "soon"');
    expect(() => readDate(Number.NaN, 'UTC')).toThrow('Invalid date');
  });

  it('lets the format win over ISO 8601 when asked to', () => {
    expect(readDate('2024-05-03', 'UTC', 'YYYY-DD-MM', true)).toBe(Date.UTC(2024, 2, 5));
    expect(readDate('2024-05-03', 'UTC', 'YYYY-DD-MM')).toBe(Date.UTC(2024, 4, 3));
  });

  it('formats in a time zone', () => {
    expect(formatDate(Date.UTC(2023, 10, 14, 22, 13, 20), 'YYYY-MM-DD HH:mm:ss Z', 'Asia/Tokyo')).toBe('2023-11-15 07:13:20 +09:00');
  });

  it('adds calendar days on the wall clock across a daylight-saving change, and hours on the instant', () => {
    const beforeChange = readDate('2024-03-09 12:00', 'America/New_York');
    expect(formatDate(addToDate(beforeChange, 1, 'days', 'America/New_York'), 'YYYY-MM-DD HH:mm Z', 'America/New_York')).toBe('2024-03-10 12:00 -04:00');
    expect(formatDate(addToDate(beforeChange, 24, 'hours', 'America/New_York'), 'YYYY-MM-DD HH:mm Z', 'America/New_York')).toBe('2024-03-10 13:00 -04:00');
    expect(addToDate(Date.UTC(2024, 0, 31), 1, 'months', 'UTC')).toBe(Date.UTC(2024, 1, 29));
    expect(() => addToDate(0, 1.5, 'days', 'UTC')).toThrow('whole number');
  });

  it('counts differences in whole units, calendar days on the wall clock', () => {
    const from = readDate('2024-03-09 12:00', 'America/New_York');
    const to = readDate('2024-03-10 12:00', 'America/New_York');
    expect(dateDifference(from, to, 'days', 'America/New_York')).toBe(1);
    expect(dateDifference(from, to, 'hours', 'America/New_York')).toBe(23);
    expect(dateDifference(to, from, 'days', 'America/New_York')).toBe(-1);
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
