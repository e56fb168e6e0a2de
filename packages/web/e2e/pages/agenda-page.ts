import { expect, type Locator, type Page } from '@playwright/test';

/** The agenda screen: header, day and week views, control bar, dialogs. */
export class AgendaPage {
  readonly controlBar: Locator;
  readonly currentTitle: Locator;

  constructor(readonly page: Page) {
    this.controlBar = page.getByTestId('control-bar');
    this.currentTitle = page.getByTestId('current-title');
  }

  async goto(path = '/agenda'): Promise<void> {
    await this.page.goto(path);
    await expect(this.controlBar).toBeVisible();
  }

  /** A block by its screen-reader name ("Write report, 9:00 AM to 10:00 AM"). */
  block(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  blocksOf(title: string): Locator {
    return this.page.locator('[data-testid="agenda-block"]', {
      has: this.page.getByText(title, { exact: true }),
    });
  }

  control(name: 'Next' | 'Pause' | 'Play' | 'Auto-extend' | 'Focus mode'): Locator {
    return this.controlBar.getByRole('button', { name, exact: true });
  }

  async openMore(): Promise<void> {
    await this.page.getByRole('button', { name: 'More actions' }).click();
  }

  async chooseMore(
    item: 'Shuffle the plan' | 'Take a break' | 'Keyboard shortcuts' | 'Tips',
  ): Promise<void> {
    await this.openMore();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  async openBlockMenu(block: Locator): Promise<void> {
    await block.click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async chooseView(view: 'Day' | 'Week'): Promise<void> {
    await this.page.getByRole('button', { name: /^View: / }).click();
    await this.page.getByRole('menuitem', { name: view }).click();
  }

  /** A block of the week in view, by its screen-reader name. */
  weekBlock(name: string | RegExp): Locator {
    return this.page.getByTestId('week-grid').getByRole('button', { name });
  }

  /** The day column of the week in view that starts at `dayStart` (local midnight, ms). */
  weekColumn(dayStart: number): Locator {
    return this.page.locator(`[data-active-week] [data-week-column-start="${dayStart}"]`);
  }

  /** Waits until the view's blocks answer a long press (drag and drop loads after the first paint). */
  async dragReady(): Promise<void> {
    await expect(this.page.locator('[data-drag-ready]')).toBeAttached();
  }

  /**
   * Long press (past the 400 ms threshold), then drag by `dy` pixels down and `dx` across, and
   * drop; `whileDragging` runs before the drop (the landing place is on screen then).
   */
  async longPressDrag(
    block: Locator,
    dy: number,
    options: { dx?: number; whileDragging?: () => Promise<void> } = {},
  ): Promise<void> {
    const dx = options.dx ?? 0;
    await this.dragReady();
    // Into the middle of the screen, as a person would bring it: not under the control bar.
    await block.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = await block.boundingBox();
    if (!box) throw new Error('block is not visible');
    const x = box.x + box.width / 2;
    const y = box.y + Math.min(20, box.height / 2);
    // A touch screen (the phone projects) drags with a finger, as a person there does.
    const pointer = (await this.page.evaluate(() => navigator.maxTouchPoints > 0))
      ? await this.finger()
      : this.mouse();
    await pointer.down(x, y);
    await this.page.waitForTimeout(550);
    for (let step = 1; step <= 10; step += 1) {
      await pointer.move(x + (dx * step) / 10, y + (dy * step) / 10);
    }
    await expect(
      this.page.getByTestId('drag-preview').or(this.page.getByTestId('week-drop-target')),
    ).toBeVisible();
    await options.whileDragging?.();
    await pointer.up();
  }

  private mouse(): Pointer {
    const { mouse } = this.page;
    return {
      down: async (x, y) => {
        await mouse.move(x, y);
        await mouse.down();
      },
      move: (x, y) => mouse.move(x, y),
      up: () => mouse.up(),
    };
  }

  /** Touch events through the DevTools protocol (Playwright's touchscreen only taps). */
  private async finger(): Promise<Pointer> {
    const cdp = await this.page.context().newCDPSession(this.page);
    const touch = async (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      points: { x: number; y: number }[],
    ) => {
      await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    };
    return {
      down: (x, y) => touch('touchStart', [{ x, y }]),
      move: (x, y) => touch('touchMove', [{ x, y }]),
      up: async () => {
        await touch('touchEnd', []);
        await cdp.detach();
      },
    };
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }
}

interface Pointer {
  down(x: number, y: number): Promise<void>;
  move(x: number, y: number): Promise<void>;
  up(): Promise<void>;
}
