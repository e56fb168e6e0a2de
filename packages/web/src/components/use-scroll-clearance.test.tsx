import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollClearance } from './use-scroll-clearance';

/** A bar whose box ends `bottom` px down the page (jsdom does no layout). */
function TopBar({ bottom }: { bottom: number }) {
  const bar = useRef<HTMLDivElement>(null);
  useScrollClearance(bar, 'top');
  return <div ref={bar} data-bottom={bottom} />;
}

describe('useScrollClearance', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const bottom = Number(this.dataset['bottom'] ?? 0);
      return new DOMRect(0, 0, 100, bottom);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('clears the bar reaching furthest on an edge, and the rest once it goes', () => {
    const header = render(<TopBar bottom={112} />);
    expect(document.documentElement.style.scrollPaddingTop).toBe('120px');
    // The re-plan note, stuck under the header, reaches further down.
    const note = render(<TopBar bottom={200} />);
    expect(document.documentElement.style.scrollPaddingTop).toBe('208px');
    note.unmount();
    expect(document.documentElement.style.scrollPaddingTop).toBe('120px');
    header.unmount();
    expect(document.documentElement.style.scrollPaddingTop).toBe('');
  });
});
