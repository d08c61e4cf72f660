// Splitting work across tasks of the event loop, so a slow phone paints and answers input between the steps
// instead of running them as one long task.

/** Lets the page paint and answer input before the next step (a task of its own). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A hidden tab paints no frames: past this, the work goes on without waiting for one. */
const HIDDEN_PAINT_WAIT_MS = 500;

/** Resolves in a task after the next frame has been painted (a frame's callback runs just before its paint). */
export const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    let waiting = true;
    const finish = () => {
      if (!waiting) return;
      waiting = false;
      setTimeout(resolve, 0);
    };
    requestAnimationFrame(finish);
    setTimeout(finish, HIDDEN_PAINT_WAIT_MS);
  });
