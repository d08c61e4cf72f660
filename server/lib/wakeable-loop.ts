// The loop of a worker that polls a database queue (training jobs, inspections): started once, sleeping between
// polls, woken at once when this process queued something, stopped by its owner.
export abstract class WakeableLoop {
  protected stopping = false;
  protected loopDone: Promise<void> | null = null;
  private wakeSleeper: (() => void) | null = null;

  /** Starts the loop (once; a second call while it runs does nothing). */
  start(): void {
    if (this.loopDone) return;
    this.stopping = false;
    this.loopDone = this.loop();
  }

  /** Looks for work now instead of at the next poll (something was queued in this process). */
  wake(): void {
    this.wakeSleeper?.();
  }

  protected abstract loop(): Promise<void>;

  /** Sleeps `ms`, or until woken. */
  protected sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleeper = () => {
        this.wakeSleeper = null;
        done();
      };
    });
  }
}
