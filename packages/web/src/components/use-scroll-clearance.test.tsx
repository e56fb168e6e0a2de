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

  it('tells what floats over the page how high the bottom bars reach (toasts rise above them)', () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    // A control bar whose top is 100 px above the window's bottom edge.
    function BottomBar() {
      const bar = useRef<HTMLDivElement>(null);
      useScrollClearance(bar, 'bottom');
      return <div ref={bar} />;
    }
    vi.mocked(HTMLElement.prototype.getBoundingClientRect).mockReturnValue(
      new DOMRect(0, 700, 100, 84),
    );
    const bar = render(<BottomBar />);
    const root = document.documentElement.style;
    expect(root.scrollPaddingBottom).toBe('108px');
    expect(root.getPropertyValue('--planner-bottom-bars')).toBe('108px');
    bar.unmount();
    expect(root.getPropertyValue('--planner-bottom-bars')).toBe('');
  });
});
