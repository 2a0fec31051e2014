import { type ReactNode, Suspense, useId, useState } from 'react';
import { nextTask } from './next-task.ts';

/**
 * Hydration in turns. Preact hydrates a page in one go, and on a phone's CPU a whole storefront
 * page is a task long enough to hold back a tap. A part wrapped in `InTurn` waits for a task of
 * its own, after the parts before it: what the server drew stays on screen meanwhile, and works
 * as HTML does (links, the search form). Preact keeps a waiting part's markup while it hydrates
 * the rest (the child must draw one element). Only while a page hydrates do parts wait (a part
 * first drawn then, by a navigation in those few tasks, waits its turn too); afterwards a part
 * draws at once.
 */

interface Turn {
  promise: Promise<void>;
  done: boolean;
}

let hydrating = false;
let waiting = 0;
let last: Promise<void> = Promise.resolve();
let settle = () => {};
let hydrated = Promise.resolve();

/** After the next frame (or 50 ms, for a tab that draws none): when Preact has run the effects. */
const afterEffects = () =>
  new Promise<void>((resolve) => {
    const done = () => setTimeout(resolve);
    const timer = setTimeout(done, 50);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      done();
    });
  });

function finish() {
  hydrating = false;
  void afterEffects().then(settle);
}

function takeTurn(): Turn {
  waiting += 1;
  last = last.then(nextTask);
  const turn: Turn = { promise: last, done: false };
  void last
    .then(() => {
      turn.done = true;
    })
    // Counted out a task later, once the part has rendered and taken turns for parts of its own.
    .then(nextTask)
    .then(() => {
      waiting -= 1;
      if (!waiting) finish();
    });
  return turn;
}

/** Hydrates with `hydrate`, the parts in `InTurn` each in a task of its own after it. */
export function hydrateInTurns(hydrate: () => void) {
  hydrated = new Promise((resolve) => {
    settle = resolve;
  });
  hydrating = true;
  hydrate();
  if (!waiting) finish();
}

/** Resolves once every part of the page is hydrated and its effects have run. */
export function whenHydrated() {
  return hydrated;
}

/**
 * The component's own vnode, and on it the counter Preact's `useId` draws from (their names as
 * Preact's build shortens them, which preact-render-to-string shares). `useId` counts from the
 * nearest vnode that has one, the root's by default, in render order: a part hydrated in its
 * turn renders later than the server drew it, so each part counts from its own.
 */
interface Scoped {
  __v: { __m?: [string, number] };
}

function Wait(
  this: Scoped,
  { turn, ids, children }: { turn: Turn | undefined; ids: [string, number]; children: ReactNode },
) {
  if (turn && !turn.done) throw turn.promise;
  this.__v.__m = ids;
  return children;
}

/** Hydrates `children` (one element) in its turn; renders it as it is otherwise. */
export function InTurn({ children }: { children: ReactNode }) {
  const scope = useId();
  const [turn] = useState(() => (hydrating ? takeTurn() : undefined));
  // One counter for the part's whole life: a part drawn later in it draws a new id.
  const [ids] = useState<[string, number]>(() => [scope, 0]);
  return (
    <Suspense fallback={null}>
      <Wait turn={turn} ids={ids}>
        {children}
      </Wait>
    </Suspense>
  );
}
