/**
 * Runs `task` every `everyMs` until stopped, never two at once: a run still going when the next
 * is due is not overlapped. The task handles its own failures (a sweep logs and tries again next
 * time). The timer does not keep the process alive; `stop` waits for a run under way.
 */
export function every(everyMs: number, task: () => Promise<unknown>) {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= task().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    /** A run now, besides the timer's (or the one under way): settles when it ends. */
    runNow: (): Promise<unknown> => run(),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
