import { describe, expect, it } from 'vitest';
import { dayPartAt, displayTimeZone, parseAgendaParams } from './agenda-date';

const NOW = Date.UTC(2026, 2, 10, 9, 30);

describe('agenda route params', () => {
  it('defaults to the day view of now', () => {
    expect(parseAgendaParams(undefined, undefined, NOW)).toEqual({ view: 'day', date: NOW });
  });

  it('reads the week view and a millisecond date', () => {
    expect(parseAgendaParams('week', '1767225600000', NOW)).toEqual({
      view: 'week',
      date: 1767225600000,
    });
  });

  it('ignores a date that is not a number', () => {
    expect(parseAgendaParams('day', 'tomorrow', NOW).date).toBe(NOW);
  });
});

describe('display zone and day part', () => {
  it('falls back to the device zone for a missing, invalid or "undefined" zone', () => {
    expect(displayTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(displayTimeZone('undefined')).toBe('UTC');
    expect(displayTimeZone('Mars/Base')).toBe('UTC');
    expect(displayTimeZone(undefined)).toBe('UTC');
  });

  it('greets by the hour in the person zone', () => {
    expect(dayPartAt(NOW, 'UTC')).toBe('morning');
    expect(dayPartAt(NOW, 'Asia/Kolkata')).toBe('afternoon');
    expect(dayPartAt(NOW, 'America/Los_Angeles')).toBe('evening');
  });
});
