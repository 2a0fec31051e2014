/** "toReceive" -> "To Receive": the label helper for camel-case words. */
export function camelToLabel(word: string): string {
  return word
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
}

/** The last word of a variation name, "Men T-shirt Blue" -> "Blue" (admin Product Details). */
export function variationLabel(name: string): string {
  const words = name.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}
