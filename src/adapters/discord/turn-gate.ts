/**
 * One drawing per event-loop turn. Answers whose storage replies arrive together (one pipelined read) would otherwise
 * each draw and encode their picture (about a millisecond) back to back in one macrotask, blocking the loop for tens of
 * milliseconds: new requests, Redis replies and timers waited behind the whole batch. Each waiter is released in its
 * own setImmediate callback (Node runs the microtasks after each one), so I/O is polled between two drawings.
 */
const waiting: ((() => void) | undefined)[] = [];
let head = 0;
let scheduled = false;

function release(): void {
  const next = waiting[head];
  waiting[head++] = undefined;
  next?.();
  if (head < waiting.length) {
    // Under steady load the queue may never empty: drop the released prefix now and then.
    if (head > 1024 && head * 2 > waiting.length) {
      waiting.splice(0, head);
      head = 0;
    }
    setImmediate(release);
    return;
  }
  waiting.length = 0;
  head = 0;
  scheduled = false;
}

/** Resolves on a later event-loop turn, in order, one waiter per turn. */
export function drawingTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
  });
}
