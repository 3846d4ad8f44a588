/**
 * Storefront pages rendered at once in this process, the others waiting their turn in order of
 * arrival. A render is CPU work on the event loop: fifty at once interleave their work in every
 * turn of the loop, so each of them, and every kept page, static file and API call meanwhile,
 * waits behind all the others' work; two at a time render as many pages a second, each sooner, and
 * leave the loop free between them for what takes a millisecond. A turn passes on through the event
 * loop, never in the task of the answer that ended: with the embedded database, whose reads answer
 * without I/O, the next renders followed one another there before the loop took a new request, and
 * under fifty renders a kept page reached its first hook 1.5-3 s after it was sent.
 */
export class RenderTurns {
  private running = 0;
  /** The pages waiting, in order of arrival: those others wait for, then the rest. */
  private readonly waiting: { first: Array<() => void>; others: Array<() => void> } = {
    first: [],
    others: [],
  };

  /**
   * `limit` pages at once; a page's turn ends when its answer is over or after `longestTurnMs`
   * (a page waiting on something slow no longer holds the others back).
   */
  constructor(
    private readonly limit: number,
    private readonly longestTurnMs: number,
  ) {}

  /**
   * Waits for a page's turn: true once it may render, false when `over` (its answer sent, or its
   * visitor gone) came first. `first` puts it ahead of the other pages waiting, behind those put
   * first before it (pages that other visitors wait for).
   */
  async take(over: AbortSignal, first = false): Promise<boolean> {
    if (over.aborted) return false;
    if (this.running >= this.limit) {
      const granted = await new Promise<boolean>((resolve) => {
        const start = () => {
          over.removeEventListener("abort", leave);
          resolve(true);
        };
        const line = first ? this.waiting.first : this.waiting.others;
        const leave = () => {
          line.splice(line.indexOf(start), 1);
          resolve(false);
        };
        over.addEventListener("abort", leave, { once: true });
        line.push(start);
      });
      if (!granted) return false;
    } else {
      this.running++;
    }
    this.hold(over);
    return !over.aborted;
  }

  /** Pages rendering now and pages waiting: what a test or a metric reads. */
  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.first.length + this.waiting.others.length };
  }

  /** The turn passes to the next page waiting, or the place is free. */
  private pass(): void {
    const next = this.waiting.first.shift() ?? this.waiting.others.shift();
    if (next) next();
    else this.running--;
  }

  private hold(over: AbortSignal): void {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      over.removeEventListener("abort", end);
      // The place stays taken until then, so no page arriving meanwhile goes before those waiting.
      setImmediate(() => this.pass());
    };
    const timer = setTimeout(end, this.longestTurnMs);
    timer.unref();
    if (over.aborted) end();
    else over.addEventListener("abort", end, { once: true });
  }
}
