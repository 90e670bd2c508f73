// At most `size` holders at a time in this process; the others wait in arrival order. The worker
// runs many activities at once, and a transcode is the one that can take every core.
export class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Runs `work` once a slot is free; `waiting` is called every few seconds until then (a heartbeat). */
  async run<T>(work: () => Promise<T>, waiting?: () => void): Promise<T> {
    await this.take(waiting);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  get busy() {
    return this.used;
  }

  private async take(waiting?: () => void) {
    if (this.used < this.size) {
      this.used++;
      return;
    }
    const timer = waiting && setInterval(waiting, 5_000);
    // the slot is handed over by release(), so `used` does not change here
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (timer) clearInterval(timer);
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.used--;
  }
}
