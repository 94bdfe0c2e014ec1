import { setImmediate } from 'node:timers'

/**
 * The most work, in ms, that `turn()` lets run in one turn of the event loop before it makes the next waiter wait
 * for the following turn, where timers and reads get their say first.
 */
const BUDGET_MS = 0.5

/** Waiters in the order they asked, each resolved in a turn of its own or sharing one within the budget. */
const waiting: Array<() => void> = []
/** When the first grant of the current check phase ran (performance.now()); -1 between phases. */
let sliceStart = -1

/**
 * Waits for a share of the event loop: resolves in the check phase of this turn or of a later one, first come,
 * first served, with at most about `BUDGET_MS` of waiters' work in one turn. Work that arrives in a burst (ten
 * requests in one read of the sockets, ten writers answered by one file write) is so spread over several turns,
 * and no turn keeps timers and reads waiting for long (docs/data-file.md#writes-to-the-file).
 *
 * The work measured is what a waiter does synchronously once resolved, up to its next wait: Node runs the
 * microtasks of one `setImmediate` callback before the next one (`processImmediate`), and the budget is looked at
 * before each grant. Uses Node's own `setImmediate` from `node:timers`, which test runners' fake timers leave
 * alone (they replace the global one).
 *
 * @example
 * for (const writer of writers) void turn().then(() => writer.resolve())
 */
export function turn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    setImmediate(grant)
  })
}

/** One check-phase callback a waiter: resolves the first waiter when the budget allows, else asks again next turn. */
function grant(): void {
  const now = performance.now()
  if (sliceStart < 0) {
    sliceStart = now
    // Queued now, so it runs first in the next check phase, before the grants deferred below.
    setImmediate(endSlice)
  }
  if (now - sliceStart >= BUDGET_MS) {
    setImmediate(grant)
    return
  }
  waiting.shift()?.()
}

function endSlice(): void {
  sliceStart = -1
}
