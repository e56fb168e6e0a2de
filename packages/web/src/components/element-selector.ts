/** Attributes that name an element again once its screen is drawn anew, the surest first. */
export const NAMING_ATTRIBUTES = [
  'id',
  'data-block-id',
  'data-menu-anchor',
  'data-nav',
  'aria-label',
] as const;

/**
 * A selector that finds the element's twin once the page has drawn it anew: its tag and the
 * first of `attributes` it has; null when it has none of them.
 */
export function selectorFor(
  element: Element,
  attributes: readonly string[] = NAMING_ATTRIBUTES,
): string | null {
  for (const name of attributes) {
    const value = element.getAttribute(name);
    if (value) return `${element.tagName.toLowerCase()}[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}
