/**
 * Sets of products as bitsets: bit i of a set is the product at position i of the search index
 * (newest first), so a set's bits read in the order results are shown.
 */
export type Bits = Uint32Array;

/** Whether the product at `position` is in the set. */
export const has = (bits: Bits, position: number) => (bits[position >>> 5]! & (1 << (position & 31))) !== 0;

/** `into` keeps only the products also in `set`; false when none is left. */
export function keepShared(into: Bits, set: Bits): boolean {
  let any = 0;
  for (let i = 0; i < into.length; i++) any |= into[i]! &= set[i]!;
  return any !== 0;
}

/** `into` gains the products in `set`; false when `set` has none. */
export function addAll(into: Bits, set: Bits): boolean {
  let any = 0;
  for (let i = 0; i < into.length; i++) {
    any |= set[i]!;
    into[i]! |= set[i]!;
  }
  return any !== 0;
}

/** Calls `each` with the positions in `bits` but not in `without`, in order, until it answers false. */
export function visit(bits: Bits, without: Bits | undefined, each: (position: number) => boolean) {
  for (let word = 0; word < bits.length; word++) {
    let rest = bits[word]!;
    if (rest === 0) continue;
    if (without) rest &= ~without[word]!;
    while (rest !== 0) {
      const bit = 31 - Math.clz32(rest & -rest);
      if (!each((word << 5) | bit)) return;
      rest &= rest - 1;
    }
  }
}
