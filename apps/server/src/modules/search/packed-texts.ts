/** Between names in the text of all names (the database's names have it replaced by a space). */
export const SEPARATOR = '\u0001';

/** Texts one after the other, each after a SEPARATOR, and one more at the end. */
export class PackedTexts {
  readonly text: string;
  /** Where each text's SEPARATOR is (and the last one). */
  readonly starts: Int32Array;

  constructor(texts: string, count: number) {
    this.text = `${texts}${SEPARATOR}`;
    this.starts = new Int32Array(count + 1);
    for (let i = 0, at = -1; i <= count; i++) this.starts[i] = at = this.text.indexOf(SEPARATOR, at + 1);
  }

  /** How many texts. */
  get count() {
    return this.starts.length - 1;
  }

  at(i: number) {
    return this.text.slice(this.starts[i]! + 1, this.starts[i + 1]!);
  }

  /** How the i-th text compares with `other`, as `<` compares strings, read in place (no garbage). */
  compare(i: number, other: string) {
    const from = this.starts[i]! + 1;
    const length = this.starts[i + 1]! - from;
    for (let k = 0; k < length && k < other.length; k++) {
      const difference = this.text.charCodeAt(from + k) - other.charCodeAt(k);
      if (difference !== 0) return difference;
    }
    return length - other.length;
  }

  /** Whether the i-th text starts with `prefix`. */
  startsWith(i: number, prefix: string) {
    const from = this.starts[i]! + 1;
    return prefix.length <= this.starts[i + 1]! - from && this.text.startsWith(prefix, from);
  }
}
