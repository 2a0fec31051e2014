/**
 * Runs `task` every `everyMs` until stopped, never two at once: a run still going when the next
 * is due is not overlapped. The task handles its own failures (a sweep logs and tries again next
 * time). The timer does not keep the process alive; `stop` waits for a run under way.
 */
export function every(everyMs: number, task: () => Promise<unknown>) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= task().finally(() => {
      running = null;
    });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
