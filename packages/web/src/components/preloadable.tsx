import { lazy, Suspense, useState, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  /** Draws the part; before its code has arrived, nothing until it has. */
  Part: ComponentType<P>;
  /** Loads the part's code: called where a screen's code loads, both arrive together. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A part of a screen that one layout shows at once and another only later: a chunk of its own,
 * off the first paint of the layout that does not show it. Loaded beside the screen's code
 * (`preload`), it is drawn with the screen's first paint, where a lazy part would still suspend
 * once and show up a moment after the rest.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Part(props: P) {
    // What was there when this one mounted: turning from the lazy part into the loaded one on a
    // later render would draw it anew, and lose the keyboard's focus inside it.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Part, preload };
}
