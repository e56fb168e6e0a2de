import type { Activators, SensorInstance, SensorProps } from '@dnd-kit/core';
import { getEventCoordinates, getOwnerDocument, getWindow } from '@dnd-kit/utilities';

export interface LongPressOptions {
  /** How long the pointer rests on a block before it is picked up (ms). */
  delay: number;
  /** How far the pointer may wander meanwhile (px); further is a scroll or a swipe, no drag. */
  tolerance: number;
}

type Props = SensorProps<LongPressOptions>;
type Point = { x: number; y: number };

/** The events one kind of pointer moves and lets go with, and where they are listened for. */
interface Gesture {
  move: 'mousemove' | 'touchmove';
  end: 'mouseup' | 'touchend';
  cancel?: 'touchcancel';
  /** A mouse is followed over the whole document; a touch stays with the element it began on. */
  listenOn: (target: EventTarget | null) => EventTarget;
}

const stopPropagation = (event: Event) => event.stopPropagation();
const preventDefault = (event: Event) => event.preventDefault();

/**
 * dnd-kit's mouse and touch sensors with a delay constraint, but for one thing: theirs stopped
 * every click on the page for 50 ms after a drop, to swallow the click the release makes. With
 * no transition (a person who asked for less motion), the scope dialog the drop opens can be
 * clicked within those 50 ms, and its Save or Cancel was lost: the dialog stayed open. Here the
 * clicks are stopped while the block is held and until the release's own click, which the
 * browser sends in the same task as the release; nothing after it.
 */
class LongPressSensor implements SensorInstance {
  autoScrollEnabled = true;
  private isActive = false;
  private readonly initial: Point;
  private readonly document: Document;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly removers: (() => void)[] = [];
  private readonly clickGuard: (() => void)[] = [];

  constructor(
    private readonly props: Props,
    gesture: Gesture,
  ) {
    const { target } = props.event;
    this.document = getOwnerDocument(target);
    this.initial = getEventCoordinates(props.event) ?? { x: 0, y: 0 };
    const pointerTarget = gesture.listenOn(target);
    const view = getWindow(target);
    this.listen(this.removers, pointerTarget, gesture.move, this.handleMove, { passive: false });
    this.listen(this.removers, pointerTarget, gesture.end, this.handleEnd);
    if (gesture.cancel)
      this.listen(this.removers, pointerTarget, gesture.cancel, this.handleCancel);
    this.listen(this.removers, view, 'resize', this.handleCancel);
    this.listen(this.removers, view, 'dragstart', preventDefault);
    this.listen(this.removers, view, 'contextmenu', preventDefault);
    this.listen(this.removers, this.document, 'visibilitychange', this.handleCancel);
    this.listen(this.removers, this.document, 'keydown', this.handleKeyDown);
    this.timer = setTimeout(this.handleStart, props.options.delay);
    props.onPending(props.active, props.options, this.initial);
  }

  private listen(
    into: (() => void)[],
    target: EventTarget,
    name: string,
    handler: (event: Event) => void,
    options?: AddEventListenerOptions,
  ) {
    target.addEventListener(name, handler, options);
    into.push(() => target.removeEventListener(name, handler, options));
  }

  private readonly handleStart = () => {
    this.isActive = true;
    this.listen(this.clickGuard, this.document, 'click', stopPropagation, { capture: true });
    this.removeSelection();
    this.listen(this.removers, this.document, 'selectionchange', this.removeSelection);
    this.props.onStart(this.initial);
  };

  private readonly handleMove = (event: Event) => {
    const point = getEventCoordinates(event) ?? { x: 0, y: 0 };
    if (!this.isActive) {
      const offset = { x: this.initial.x - point.x, y: this.initial.y - point.y };
      if (Math.hypot(offset.x, offset.y) > this.props.options.tolerance) {
        this.handleCancel();
        return;
      }
      this.props.onPending(this.props.active, this.props.options, this.initial, offset);
      return;
    }
    if (event.cancelable) event.preventDefault();
    this.props.onMove(point);
  };

  private readonly handleEnd = () => {
    this.detach();
    if (!this.isActive) this.props.onAbort(this.props.active);
    this.props.onEnd();
  };

  private readonly handleCancel = () => {
    this.detach();
    if (!this.isActive) this.props.onAbort(this.props.active);
    this.props.onCancel();
  };

  private readonly handleKeyDown = (event: Event) => {
    if (event instanceof KeyboardEvent && event.code === 'Escape') this.handleCancel();
  };

  private readonly removeSelection = () => {
    this.document.getSelection()?.removeAllRanges();
  };

  private detach() {
    clearTimeout(this.timer);
    for (const remove of this.removers.splice(0)) remove();
    // The release's click (on whatever the pointer let go over) comes in this same task; a
    // click in any later one is a person's, such as an answer to the dialog the drop opened.
    const guard = this.clickGuard.splice(0);
    if (guard.length > 0) setTimeout(() => guard.forEach((remove) => remove()), 0);
  }
}

const mouse: Gesture = {
  move: 'mousemove',
  end: 'mouseup',
  listenOn: (target) => getOwnerDocument(target),
};

const touch: Gesture = {
  move: 'touchmove',
  end: 'touchend',
  cancel: 'touchcancel',
  listenOn: (target) => target ?? getOwnerDocument(target),
};

/** A long press of the main mouse button picks a block up. */
export class LongPressMouseSensor extends LongPressSensor {
  static activators: Activators<LongPressOptions> = [
    {
      eventName: 'onMouseDown',
      handler: ({ nativeEvent }: { nativeEvent: MouseEvent }) => nativeEvent.button !== 2,
    },
  ];

  constructor(props: Props) {
    super(props, mouse);
  }
}

/** A long press of one finger picks a block up; two fingers are a zoom or a scroll. */
export class LongPressTouchSensor extends LongPressSensor {
  static activators: Activators<LongPressOptions> = [
    {
      eventName: 'onTouchStart',
      handler: ({ nativeEvent }: { nativeEvent: TouchEvent }) => nativeEvent.touches.length <= 1,
    },
  ];

  constructor(props: Props) {
    super(props, touch);
  }

  /** Safari lets a touchmove listener added later prevent scrolling only if one is there first. */
  static setup() {
    const noop = () => {};
    window.addEventListener('touchmove', noop, { capture: false, passive: false });
    return () => window.removeEventListener('touchmove', noop);
  }
}
