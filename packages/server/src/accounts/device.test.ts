import { describe, expect, it } from 'vitest';
import { describeDevice } from './device';

describe('describeDevice', () => {
  it('names the browser and the system', () => {
    const ua =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    expect(describeDevice(ua)).toBe('Chrome 120 on Mac OS 10.15.7');
  });

  it('names a phone by its model', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect(describeDevice(ua)).toBe('Mobile Safari 17 on Apple iPhone, iOS 17.0');
  });

  it('keeps an unknown agent short, and names a missing one', () => {
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeDevice('')).toBe('Unknown device');
  });
});
