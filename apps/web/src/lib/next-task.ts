/**
 * Resolves in a task of its own, once the browser has had its turn (a message, not a timer:
 * timers set from timers wait at least 4 ms from the fifth on). Work split at these points is
 * never one long task on a phone's CPU.
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
