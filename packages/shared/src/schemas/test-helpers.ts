import type { z } from 'zod';

/** The messages of a failed parse, keyed by dotted field path ('' for the root); {} when it passes. */
export function messagesByPath(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const byPath: Record<string, string[]> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) {
    const path = issue.path.join('.');
    byPath[path] = [...(byPath[path] ?? []), issue.message];
  }
  return byPath;
}

/** The first message of a failed parse; undefined when it passes. */
export function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message;
}
