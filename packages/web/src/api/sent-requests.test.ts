import { describe, expect, it } from 'vitest';
import { recordSentRequest, wasSentHere } from './sent-requests';

describe('the request ids this tab sent', () => {
  it('knows its own recent ids, not others, and never the empty id', () => {
    recordSentRequest('mine');
    expect(wasSentHere('mine')).toBe(true);
    expect(wasSentHere('another-device')).toBe(false);
    expect(wasSentHere('')).toBe(false);
  });

  it('keeps the last 200 only', () => {
    const ids = Array.from({ length: 201 }, (_, i) => `call-${i}`);
    ids.forEach(recordSentRequest);
    expect(wasSentHere('call-0')).toBe(false);
    expect(wasSentHere('call-1')).toBe(true);
    expect(wasSentHere('call-200')).toBe(true);
  });
});
