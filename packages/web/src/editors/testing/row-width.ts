/**
 * Why `element` can be no narrower than its own text inside `parent`, or null when it can. jsdom
 * lays nothing out, so this reads the CSS that lets a row shrink: a grid column whose minimum is
 * not its content's (`minmax(0, 1fr)`, never the implicit `auto` column, which grows to the
 * longest line), a flex item with `min-width: 0` or clipped overflow.
 */
function whyItCannotShrink(element: HTMLElement, parent: HTMLElement): string | null {
  const own = getComputedStyle(element);
  const frame = getComputedStyle(parent);
  if (frame.display === 'grid' || frame.display === 'inline-grid') {
    const tracks = frame.gridTemplateColumns;
    return /^minmax\(0(px)?,/u.test(tracks) ? null : `grid columns "${tracks || 'auto'}"`;
  }
  if (frame.display === 'flex' || frame.display === 'inline-flex') {
    const isClipped = own.overflow !== '' && own.overflow !== 'visible';
    return own.minWidth === '0' || own.minWidth === '0px' || isClipped
      ? null
      : `flex item with min-width "${own.minWidth || 'auto'}"`;
  }
  return null;
}

/**
 * The boxes from `element` up to `top` that would grow to the length of a line that does not
 * wrap (and so widen the page on a phone), each with the reason; empty when the line is cut.
 */
export function boxesWiderThanTheirRow(element: HTMLElement, top: HTMLElement): string[] {
  const reasons: string[] = [];
  for (let box = element; box !== top && box.parentElement; box = box.parentElement) {
    const reason = whyItCannotShrink(box, box.parentElement);
    if (reason) reasons.push(`<${box.tagName.toLowerCase()}> in ${reason}`);
  }
  return reasons;
}

/** Whether the line is kept to one line and cut with an ellipsis. */
export function isCutWithEllipsis(element: HTMLElement): boolean {
  const style = getComputedStyle(element);
  return (
    style.whiteSpace === 'nowrap' &&
    style.overflow === 'hidden' &&
    style.textOverflow === 'ellipsis'
  );
}
