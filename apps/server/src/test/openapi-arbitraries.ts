import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of an OpenAPI document (the subset that
 * `fastify-type-provider-zod` emits, plus $ref, anyOf/oneOf/allOf), for the fuzz suite: values
 * valid for a schema, near-valid ones (boundaries, wrong types, missing and extra keys) and
 * hostile text (control characters, lone surrogates, SQL and JSON fragments, path tricks).
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

/**
 * A stand-in for a value known only when the request is sent (a real id, the current email of
 * a customer): fixtures can be deleted and made again between runs.
 */
export class Ref {
  constructor(readonly name: string) {}
  [fc.toStringMethod]() {
    return `ref(${this.name})`;
  }
}

/** Replaces every Ref in a value; objects are copied entry by entry so own `__proto__` keys survive. */
export function resolveRefs(value: unknown, lookup: (name: string) => unknown): unknown {
  if (value instanceof Ref) return lookup(value.name);
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, lookup));
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, lookup)]));
  }
  return value;
}

/** Every C0 control character, DEL, two C1 ones and the Unicode line separators. */
export const CONTROL_CHARACTERS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\u009f',
  '\u2028',
  '\u2029',
];

/** Text that has broken servers before: NUL, odd Unicode, SQL, JSON, paths, markup. */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '%00',
  'a%00b',
  '\u0001\u0002\u001b[31m',
  '\r\n',
  'x\r\nSet-Cookie: sid=x',
  '\t',
  '\u007f',
  '\u2028\u2029',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '\ud83d',
  '😀',
  '\u202egnp.exe',
  '\u200b',
  '\ufeff',
  'e\u0301',
  'İ',
  'ß',
  'ﬁ',
  '＜script＞',
  '\uffff',
  '\ufffe',
  '\u{10ffff}',
  "'",
  '"',
  '\\',
  "' OR '1'='1",
  "'; DROP TABLE customers; --",
  '1; select pg_sleep(0)',
  '$1',
  "E'\\\\x00'",
  '%',
  '_',
  '%_%',
  '::text',
  ')',
  'null',
  'NULL',
  '{',
  '[',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"label":"Men","value":"Men"}',
  '[]',
  '{}',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x10',
  'true',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/uploads/../../../etc/passwd',
  '%2e%2e%2f',
  '....//',
  'file:///etc/passwd',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally.
  '${7*7}',
  '{{7*7}}',
  '',
  ' ',
  '   ',
];

/** Any UTF-16 code unit, lone surrogates included (fast-check's own units never give those). */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
/** What is spliced into valid text; NUL most often, as PostgreSQL cannot store it at all. */
const fragment = fc.oneof(
  { weight: 4, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS) },
  { weight: 2, arbitrary: fc.constantFrom('\ud800', '\udfff', '%00', "'", '\\', '"', '😀', '\u202e') },
);

/** Long runs: past every maxLength, multi-byte, or NUL all the way. */
const longText = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', "'", '%', ' '), fc.constantFrom(256, 5_001, 70_000))
  .map(([unit, count]) => unit.repeat(count));

/** A hostile fragment spliced into otherwise valid text, so length and format checks still pass. */
export const splice = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fragment, fc.nat()).map(([base, piece, at]) => {
    const i = at % (base.length + 1);
    return base.slice(0, i) + piece + base.slice(i);
  });

/** Hostile text on its own. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 3, arbitrary: splice(fc.string({ maxLength: 12 })) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: longText },
);

/** Characters an HTTP header value may carry: a real client cannot send others (Node refuses them). */
export const isHeaderSafe = (text: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(text);

/** Percent-encoded pieces a URL may carry as they are: bad escapes, NUL, overlong and surrogate UTF-8. */
export const RAW_URL_PARTS = [
  '%00',
  'a%00',
  '%',
  '%zz',
  '%C0%80',
  '%ED%A0%80',
  '%FF',
  '%E2%80%AE',
  '+',
  '%2B',
  '%20',
  '%26q%3Dx',
  '%252e',
  '..%2F..%2F',
  '%2e%2e',
  '..',
  '.',
  '%5C',
  '%0d%0a',
  '%u0000',
  '',
];

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) UTF-8 bytes instead of throwing. */
export function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length > 1 || code < 0xd800 || code > 0xdfff) return encodeURIComponent(ch);
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }).join('');
  }
}

/** A value as a URL or form text: strings as they are, the rest as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

export type Path = (string | number)[];
/** One change to a valid example: a leaf replaced, or removed. */
export type Edit = { path: Path; value: unknown } | { path: Path; remove: true };

/** Applies edits to a copy of a value; a path that does not fit the value is skipped. */
export function applyEdits(value: unknown, edits: Edit[]): unknown {
  let result = structuredClone(value);
  for (const edit of edits) {
    if (edit.path.length === 0) {
      result = 'remove' in edit ? undefined : edit.value;
      continue;
    }
    let parent = result as Record<string | number, unknown> | null;
    for (const key of edit.path.slice(0, -1)) {
      const next = parent?.[key];
      parent = next !== null && typeof next === 'object' ? (next as Record<string | number, unknown>) : null;
    }
    if (parent === null || typeof parent !== 'object') continue;
    const last = edit.path[edit.path.length - 1]!;
    if ('remove' in edit) {
      if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
      else delete parent[last];
    } else {
      Object.defineProperty(parent, last, {
        value: edit.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return result;
}

const KEYS_THAT_BITE = ['__proto__', 'constructor', 'prototype', 'toString', 'role', 'isAdmin', '$where', ''];

/** Builds an object from entries, own `__proto__` key included (a literal would set the prototype). */
const objectOf = (entries: [string, unknown][]) => Object.fromEntries(entries);

/**
 * Values for a property or parameter that its schema cannot know, by its name: `valid` ones (real
 * ids, known credentials) and `hostile` ones (forged tokens). Undefined when there are none.
 */
export type Hint = (
  key: string | undefined,
  schema: JsonSchema,
  kind: 'valid' | 'hostile',
) => fc.Arbitrary<unknown> | undefined;

export interface SchemaArbitraries {
  /** Values the schema accepts (as far as JSON Schema can say). */
  valid(schema: JsonSchema, key?: string): fc.Arbitrary<unknown>;
  /** Boundaries, wrong types, missing and extra keys. */
  near(schema: JsonSchema, key?: string): fc.Arbitrary<unknown>;
  /** Hostile values for the schema's place: hostile text, or text spliced into a valid string. */
  hostile(schema: JsonSchema, key?: string): fc.Arbitrary<unknown>;
  /** Mostly valid, at every depth: each leaf is sometimes near-valid or hostile. */
  mixed(schema: JsonSchema, key?: string): fc.Arbitrary<unknown>;
  /** The paths of every property at every depth (the first item of arrays), with their schemas. */
  leaves(schema: JsonSchema): { path: Path; schema: JsonSchema }[];
  /** Edits of a valid example along the schema's leaves. */
  edits(schema: JsonSchema, maxEdits: number): fc.Arbitrary<Edit[]>;
  deref(schema: JsonSchema): JsonSchema;
}

export function schemaArbitraries(
  components: Record<string, JsonSchema> = {},
  hint: Hint = () => undefined,
): SchemaArbitraries {
  const deref = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const target = components[schema.$ref.split('/').pop() ?? ''];
    if (!target) throw new Error(`Unresolved $ref ${schema.$ref}`);
    return deref(target);
  };
  const typesOf = (schema: JsonSchema): string[] => {
    if (Array.isArray(schema.type)) return schema.type;
    if (schema.type) return [schema.type];
    if (schema.properties) return ['object'];
    if (schema.items) return ['array'];
    return [];
  };
  const cache = new Map<string, fc.Arbitrary<unknown>>();
  const memo = (
    kind: string,
    schema: JsonSchema,
    key: string | undefined,
    make: () => fc.Arbitrary<unknown>,
  ) => {
    const id = `${kind}|${key ?? ''}|${JSON.stringify(schema)}`;
    let arbitrary = cache.get(id);
    if (!arbitrary) {
      arbitrary = make();
      cache.set(id, arbitrary);
    }
    return arbitrary;
  };

  function text(schema: JsonSchema): fc.Arbitrary<string> {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? Math.max(min, 200);
    const cap = Math.min(max, Math.max(min, 30));
    const fits = (s: string) => s.length >= min && s.length <= max;
    if (schema.format === 'uuid') return fc.uuid();
    if (schema.format === 'email') return fc.emailAddress().filter(fits);
    if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    const options: fc.Arbitrary<string>[] = [
      fc.string({ minLength: min, maxLength: cap }),
      fc.string({ unit: 'grapheme', minLength: min, maxLength: cap }).filter(fits),
      fc.constant('x'.repeat(min)),
    ];
    if (schema.maxLength !== undefined && max <= 10_000) options.push(fc.constant('é'.repeat(max)));
    return fc.oneof(...options);
  }

  function build(schema: JsonSchema, key: string | undefined, child: typeof valid): fc.Arbitrary<unknown> {
    const s = deref(schema);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((a) => child(a, key)));
    if (s.allOf) return child(Object.assign({}, ...s.allOf.map(deref)), key);
    if ('const' in s) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const types = typesOf(s);
    if (types.length > 1) return fc.oneof(...types.map((type) => child({ ...s, type }, key)));
    switch (types[0]) {
      case 'string':
        return text(s);
      case 'integer': {
        const min = s.minimum ?? -(2 ** 31);
        const max = s.maximum ?? 2 ** 31;
        return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
      }
      case 'number': {
        const min = s.minimum ?? -1e9;
        const max = s.maximum ?? 1e9;
        return fc.oneof(
          fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
          fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        );
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const minLength = s.minItems ?? 0;
        const maxLength = Math.min(s.maxItems ?? 4, Math.max(minLength, 4));
        return fc.array(child(s.items ?? {}, key), { minLength, maxLength });
      }
      case 'object': {
        const required = new Set(s.required ?? []);
        const entries = Object.entries(s.properties ?? {}).map(([name, property]) =>
          fc
            .tuple(
              fc.constant(name),
              child(property, name),
              required.has(name) ? fc.constant(true) : fc.boolean(),
            )
            .map(([n, v, keep]) => (keep ? [[n, v] as [string, unknown]] : [])),
        );
        return fc.tuple(...entries).map((lists) => objectOf(lists.flat()));
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  function withHint(schema: JsonSchema, key: string | undefined, own: fc.Arbitrary<unknown>) {
    const s = deref(schema);
    const hinted = hint(key, s, 'valid');
    const base = hinted ? fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: own }) : own;
    return s.nullable
      ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
      : base;
  }

  function valid(schema: JsonSchema, key?: string): fc.Arbitrary<unknown> {
    return memo('valid', schema, key, () => withHint(schema, key, build(schema, key, valid)));
  }

  function wrongType(s: JsonSchema): fc.Arbitrary<unknown> {
    const types = typesOf(s);
    const all: [string, fc.Arbitrary<unknown>][] = [
      ['string', fc.constantFrom('many', '1', '')],
      ['number', fc.constantFrom(0, 1, -1, 12345, 1.5)],
      ['integer', fc.constantFrom(0, 1, -1, 12345)],
      ['boolean', fc.boolean()],
      ['object', fc.constantFrom({}, { 0: 'x' }, objectOf([['__proto__', { admin: true }]]))],
      ['array', fc.constantFrom([], ['x'], [1, 2, 3])],
    ];
    const others = all.filter(([type]) => !types.includes(type)).map(([, arbitrary]) => arbitrary);
    return fc.oneof(...others);
  }

  function near(schema: JsonSchema, key?: string): fc.Arbitrary<unknown> {
    return memo('near', schema, key, () => {
      const s = deref(schema);
      const options: fc.Arbitrary<unknown>[] = [wrongType(s)];
      if (!s.nullable) options.push(fc.constant(null));
      const types = typesOf(s);
      if (s.enum) {
        const words = s.enum.filter((v): v is string => typeof v === 'string');
        if (words.length > 0) {
          options.push(
            fc
              .tuple(fc.constantFrom(...words), fc.constantFrom('lower', 'upper', 'pad', 'cut'))
              .map(([word, how]) =>
                how === 'lower'
                  ? word.toLowerCase()
                  : how === 'upper'
                    ? word.toUpperCase()
                    : how === 'pad'
                      ? ` ${word} `
                      : word.slice(1),
              ),
          );
        }
      } else if (types.includes('string')) {
        const min = s.minLength ?? 0;
        if (min > 0) options.push(fc.constantFrom('x'.repeat(min - 1), ' '.repeat(min), ''));
        if (s.maxLength !== undefined && s.maxLength < 100_000) {
          options.push(fc.constantFrom('x'.repeat(s.maxLength + 1), 'é'.repeat(s.maxLength + 1)));
        }
        const good = text(s);
        options.push(good.map((v) => ` ${v} `));
        if (s.format === 'uuid' || s.pattern) {
          options.push(
            fc
              .tuple(good, fc.constantFrom('upper', 'cut', 'extra', 'braces', 'bare'))
              .map(([v, how]) =>
                how === 'upper'
                  ? v.toUpperCase()
                  : how === 'cut'
                    ? v.slice(1)
                    : how === 'extra'
                      ? `${v}0`
                      : how === 'braces'
                        ? `{${v}}`
                        : v.replaceAll('-', ''),
              ),
          );
        }
      } else if (types.includes('integer') || types.includes('number')) {
        const bounds = [s.minimum, s.maximum].filter((n): n is number => n !== undefined);
        options.push(
          fc.constantFrom(
            ...bounds.flatMap((n) => [n - 1, n + 1]),
            0.5,
            -1,
            2 ** 53 + 1,
            1e308,
            -1e308,
            -0,
            '1',
            '1.5',
            '1e3',
            '0x10',
            ' 1',
            'NaN',
            'Infinity',
          ),
        );
      } else if (types.includes('array')) {
        const item = valid(s.items ?? {}, key);
        if ((s.minItems ?? 0) > 0) options.push(fc.constant([]));
        if (s.maxItems !== undefined && s.maxItems < 200) {
          options.push(fc.array(item, { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
        }
        options.push(
          item,
          item.map((v) => [v, null]),
          item.map((v) => [[v]]),
        );
      } else if (types.includes('object')) {
        // The object itself, without the null or hint `valid` may give.
        const whole = build(s, key, valid).map((v) => Object.entries(v as Record<string, unknown>));
        const required = s.required ?? [];
        options.push(
          fc.constant({}),
          whole.map((entries) => [objectOf(entries)]),
        );
        if (required.length > 0) {
          options.push(
            fc
              .tuple(whole, fc.constantFrom(...required))
              .map(([entries, drop]) => objectOf(entries.filter(([name]) => name !== drop))),
          );
        }
        options.push(
          fc
            .tuple(
              whole,
              fc.constantFrom(...KEYS_THAT_BITE),
              fc.constantFrom<unknown>(true, 'admin', { admin: true }),
            )
            .map(([entries, extra, value]) => objectOf([...entries, [extra, value]])),
        );
      }
      return fc.oneof(...options);
    });
  }

  function hostile(schema: JsonSchema, key?: string): fc.Arbitrary<unknown> {
    return memo('hostile', schema, key, () => {
      const s = deref(schema);
      const hinted = hint(key, s, 'hostile');
      const own =
        typesOf(s).includes('string') && !s.enum
          ? fc.oneof({ weight: 1, arbitrary: hostileText }, { weight: 2, arbitrary: splice(text(s)) })
          : fc.oneof(
              { weight: 4, arbitrary: hostileText },
              { weight: 1, arbitrary: fc.constantFrom(2 ** 64, -1e308, 1e-300, Number.MAX_SAFE_INTEGER + 2) },
              { weight: 1, arbitrary: fc.constant(nested(200)) },
            );
      return hinted ? fc.oneof({ weight: 1, arbitrary: own }, { weight: 1, arbitrary: hinted }) : own;
    });
  }

  function mixed(schema: JsonSchema, key?: string): fc.Arbitrary<unknown> {
    return memo('mixed', schema, key, () =>
      fc.oneof(
        { weight: 7, arbitrary: withHint(schema, key, build(schema, key, mixed)) },
        { weight: 2, arbitrary: near(schema, key) },
        { weight: 2, arbitrary: hostile(schema, key) },
      ),
    );
  }

  function leaves(schema: JsonSchema, path: Path = []): { path: Path; schema: JsonSchema }[] {
    const s = deref(schema);
    const here = path.length > 0 ? [{ path, schema: s }] : [];
    if (s.properties) {
      return [
        ...here,
        ...Object.entries(s.properties).flatMap(([name, property]) => leaves(property, [...path, name])),
      ];
    }
    if (s.items) return [...here, ...leaves(s.items, [...path, 0])];
    return here;
  }

  function edits(schema: JsonSchema, maxEdits: number): fc.Arbitrary<Edit[]> {
    const all = leaves(schema);
    if (all.length === 0) return fc.constant([]);
    const edit = fc.constantFrom(...all).chain(({ path, schema: leaf }) => {
      const key = [...path].reverse().find((k): k is string => typeof k === 'string');
      return fc.oneof(
        { weight: 2, arbitrary: near(leaf, key).map((value): Edit => ({ path, value })) },
        { weight: 4, arbitrary: hostile(leaf, key).map((value): Edit => ({ path, value })) },
        { weight: 1, arbitrary: valid(leaf, key).map((value): Edit => ({ path, value })) },
        { weight: 1, arbitrary: fc.constant<Edit>({ path, remove: true }) },
      );
    });
    return fewOf(edit, maxEdits);
  }

  return { valid, near, hostile, mixed, leaves, edits, deref };
}

/** Up to `max` items, one most often: a failure then shrinks to the single change that matters. */
export function fewOf<T>(item: fc.Arbitrary<T>, max: number): fc.Arbitrary<T[]> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<T[]>([]) },
    { weight: 5, arbitrary: item.map((one) => [one]) },
    { weight: 1, arbitrary: fc.array(item, { minLength: 2, maxLength: Math.max(2, max) }) },
  );
}

/** Arrays nested `depth` deep: `[[[...]]]`. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Raw bodies of every broken kind, as [content-type, text]. */
const RAW_BODIES: [contentType: string | undefined, text: string][] = [
  ['application/json', ''],
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', 'nul'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '1e400'],
  ['application/json', '\u0000'],
  ['application/json', '{"__proto__":{"admin":true}}'],
  ['application/json', '{"constructor":{"prototype":{"admin":true}}}'],
  ['application/json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
  ['application/json', '\ufeff{}'],
  ['application/json', '{"a":1,"a":2}'],
  ['application/json', JSON.stringify({ padding: 'x'.repeat(1024 * 1024) })],
  ['application/json; charset=utf-16', '{}'],
  ['application/json; charset=latin1', '{}'],
  ['APPLICATION/JSON', '{}'],
  ['application/vnd.api+json', '{}'],
  ['text/plain', '{}'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['application/xml', '<a/>'],
  ['multipart/form-data', '--x--'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="imageUrl"; filename="a.png"\r\n',
  ],
  ['', '{}'],
  [undefined, 'hello'],
];

/** A raw body: one of the broken kinds, or random text sent as JSON. */
export const rawBody = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...RAW_BODIES) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.string({ maxLength: 40 }), fc.json({ maxDepth: 3 }), hostileText)
      .map((text): [string, string] => ['application/json', text]),
  },
);
