import fc from 'fast-check';
import type { z } from 'zod';

// fast-check arbitraries from zod 4 schemas, read through their definitions (`schema._zod.def`): what a client
// should send (`validArbitrary`), and the same with hostile values mixed in at every leaf (`fuzzArbitrary`).

/** Stands for bytes that are not UTF-8: the senders replace it in the bytes they put on the wire. */
export const BAD_UTF8 = '\uF8FFbad-utf8\uF8FF';
export const BAD_UTF8_BYTES = Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80]);

const MEGABYTE = 1024 * 1024;

/** Text PostgreSQL cannot store, or that has broken parsers and filters before. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  BAD_UTF8,
  'x'.repeat(MEGABYTE),
  'y'.repeat(5_000),
  '',
  ' ',
  '%00',
  '%',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\\',
  '\r\n',
  '😀',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
];

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Values of the wrong type and shape: deep nesting, huge arrays, prototype-pollution keys. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  [],
  {},
  ['a', 1],
  nested(2_000),
  Array.from({ length: 20_000 }, () => 'x'),
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  { toString: 'not a function', valueOf: 1 },
];

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
export const hostileValue = fc.oneof(hostileString, fc.constantFrom(...HOSTILE_VALUES));

interface Def {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

function checksOf(def: Def): Def[] {
  return ((def.checks as Array<{ _zod: { def: Def } }> | undefined) ?? []).map((check) => check._zod.def);
}

/** Mostly plain letters, now and then any Unicode grapheme. */
const TEXT_UNIT = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'B', '7', ' ', '-', '.', 'é', '😀'), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 1 },
);

/** Strings a pattern matches (a case-insensitive one as written); undefined for what fast-check cannot read. */
function matching(pattern: RegExp): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace('i', '')));
  } catch {
    return undefined;
  }
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max = 40;
  let pattern = def.pattern instanceof RegExp ? def.pattern : undefined;
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum as number);
    if (check.check === 'max_length') max = Math.min(max, check.maximum as number);
    if (check.check === 'length_equals') min = max = check.length as number;
    if (check.check === 'string_format' && check.pattern instanceof RegExp) pattern = check.pattern;
  }
  max = Math.max(min, max);
  if (def.format === 'url') return fc.webUrl({ validSchemes: ['https'] });
  if (def.format === 'uuid' || def.format === 'guid') return fc.uuid();
  const base = (pattern && matching(pattern)) || fc.string({ unit: TEXT_UNIT, minLength: min, maxLength: max });
  return base.filter((text) => text.trim().length >= min && text.length <= Math.max(max, min));
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = (check.value as number) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') max = (check.value as number) - (check.inclusive ? 0 : 1);
    if (check.check === 'number_format') integer = true;
  }
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Leaves are generated valid, or (fuzzing) replaced now and then by a hostile value. */
type Leaf = (valid: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>;

const validLeaf: Leaf = (valid) => valid;
const fuzzLeaf: Leaf = (valid) => fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostileValue, weight: 1 });

function optionalKey(schema: unknown): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault';
}

function build(schema: unknown, leaf: Leaf, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => build(def[key], leaf, depth + 1);
  switch (def.type) {
    case 'string':
      return leaf(stringArbitrary(def));
    case 'number':
      return leaf(numberArbitrary(def));
    case 'boolean':
      return leaf(fc.boolean());
    case 'enum':
      return leaf(fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)));
    case 'literal':
      return leaf(fc.constantFrom(...(def.values as unknown[])));
    case 'null':
      return leaf(fc.constant(null));
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'date':
      return leaf(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()));
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const model = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, build(value, leaf, depth + 1)]),
      );
      const requiredKeys = Object.keys(shape).filter((key) => !optionalKey(shape[key]));
      const record = fc.record(model, { requiredKeys });
      return leaf === validLeaf ? record : fuzzLeaf(record);
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = check.minimum as number;
        if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum as number);
      }
      return leaf(fc.array(inner('element'), { minLength, maxLength: Math.max(minLength, maxLength) }));
    }
    case 'tuple':
      return leaf(fc.tuple(...(def.items as unknown[]).map((item) => build(item, leaf, depth + 1))));
    case 'record':
      return leaf(fc.dictionary(fc.string({ maxLength: 10 }), inner('valueType'), { maxKeys: 3 }));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => build(option, leaf, depth + 1)));
    case 'intersection':
      return fc
        .tuple(inner('left'), inner('right'))
        .map(([left, right]) => ({ ...(left as object), ...(right as object) }));
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      // The checked side: `out` validates what `in` transformed (trim, lowercase), unless `out` is the transform.
      return defOf(def.out).type === 'transform' ? inner('in') : inner('out');
    case 'lazy':
      return depth > 5 ? fc.constant(null) : build((def.getter as () => unknown)(), leaf, depth + 1);
    default:
      return leaf(fc.jsonValue({ maxDepth: 2 }));
  }
}

/** Values a client following the schema would send (refinements aside: callers filter with safeParse). */
export function validArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  return build(schema, validLeaf, 0);
}

/** Values following the schema's shape with hostile values mixed in at every level. */
export function fuzzArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  return build(schema, fuzzLeaf, 0);
}

/** A value `schema` accepts, the first of a fixed sequence of tries; undefined when none does. */
export function validSample(schema: z.ZodType, seed: number): unknown {
  return fc.sample(validArbitrary(schema), { seed, numRuns: 50 }).find((value) => schema.safeParse(value).success);
}
