import { fireEvent, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useWindowKey } from './use-window-key';

function Listener({ onKey }: { onKey: (event: KeyboardEvent) => void }) {
  useWindowKey(onKey);
  return null;
}

/** Presses a key in the commit that draws it, as a person may as soon as a screen appears. */
function PressOnShow({ keyName }: { keyName: string }) {
  useLayoutEffect(() => {
    fireEvent.keyDown(window, { key: keyName });
  }, [keyName]);
  return null;
}

describe('useWindowKey', () => {
  it('hears a key pressed in the same commit that shows the component', () => {
    const heard = vi.fn();
    render(
      <>
        <Listener onKey={(event) => heard(event.key)} />
        <PressOnShow keyName="w" />
      </>,
    );
    expect(heard).toHaveBeenCalledWith('w');
  });

  it('calls the handler of the latest render, and nothing once the component is gone', () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<Listener onKey={first} />);
    view.rerender(<Listener onKey={second} />);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    view.unmount();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(second).toHaveBeenCalledTimes(1);
  });
});
