import fc from "fast-check";

/**
 * What the fuzzer sends: malformed values of every kind the issue names (wrong types, huge
 * and control-character strings, impossible dates, foreign and malformed ids) mixed with
 * plausible ones, so that some requests get past the first validation and reach the domain.
 * Ids are drawn as labels ("own:userId", "foreign:groupId", "malformed:3") and resolved
 * against the fixture at run time, so a seed replays the same cases on a fresh database.
 */

/** Longer than any field allows; HUGE_BODY is over the 1 MiB body cap. */
const HUGE = "x".repeat(20_000);
const LONG = "é".repeat(2_000);
export const HUGE_BODY = JSON.stringify({ value: HUGE.repeat(60) });
/** Stand-ins the fixture swaps for the long strings, so that a failing case prints short. */
export const HUGE_TOKEN = "§HUGE(20000)";
export const LONG_TOKEN = "§LONG(2000)";
export const expandToken = (s: string) => (s === HUGE_TOKEN ? HUGE : s === LONG_TOKEN ? LONG : s);
const controlChars = fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 40 });

export const IMPOSSIBLE_DATES = [
  "2026-02-30",
  "2026-13-01",
  "2026-00-10",
  "0000-00-00",
  "2025-02-29",
  "9999-99-99",
  "+275760-09-14",
  "-000001-01-01",
  "2026-06-31T25:61:61Z",
  "2026-1-1",
  "20260101",
  "1970-01-01",
  "9999-12-31",
  "today",
  "NaN",
];

export const MALFORMED_IDS = [
  "",
  " ",
  "0",
  "-1",
  "null",
  "undefined",
  "NaN",
  "%00",
  "..",
  "../../etc/passwd",
  "%2F..%2F",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "🙂",
  "\u202e",
  "a".repeat(5000),
  "00000000-0000-0000-0000-000000000000",
  "%E0%A4%A",
  "%ZZ",
  "a b",
];

/** Path segments that are neither ids nor garbage: the enumerations routes take ({type}, {scope}, {days}, {index}). */
export const PATH_WORDS = [
  "current",
  "future",
  "group",
  "office",
  "user",
  "company",
  "all",
  "1",
  "0",
  "7",
  "30",
  "365",
  "100000",
  "apns",
  "fcm",
  "me",
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: controlChars },
  { weight: 1, arbitrary: fc.constantFrom(HUGE_TOKEN, LONG_TOKEN) },
  { weight: 3, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
  {
    weight: 2,
    arbitrary: fc.constantFrom("\u0000", "\uD800", "\uDFFF", "\uFEFF", "\r\nBcc: x@evil.example", "<script>alert(1)</script>", "${7*7}", "%s%n"),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, -0, 0.5, 1e-300, 4, 5, 100),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An id label: resolved by the fixture to one of its own rows, another company's, or garbage. */
export const idLabel = fc.oneof(
  fc.constantFrom("own", "foreign").chain((tenant) => fc.nat().map((n) => `${tenant}:${n}`)),
  fc.nat({ max: MALFORMED_IDS.length - 1 }).map((n) => `malformed:${n}`),
);

export type Value = null | boolean | number | string | { id: string } | Value[] | { [key: string]: Value };

/** A leaf that is wrong in some way; `{ id }` is an id label the fixture resolves. */
export const nastyValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: idLabel.map((id) => ({ id })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Value> },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 5 }) },
);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
}

/** A value that fits `schema` often enough to get past validation now and then. */
export function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<Value> {
  if (!schema || depth > 3) return nastyValue;
  if (schema.const !== undefined) return fc.constant(schema.const as Value);
  if (schema.enum?.length) return fc.constantFrom(...(schema.enum as Value[]));
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => plausible(v, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return fc.oneof(
        fc.constantFrom("2027-03-01", "2027-03-05", "Name", "x@example.test", "1", "2", "FF5454"),
        fc.string({ maxLength: 12 }),
        idLabel.map((id) => ({ id })),
      );
    case "integer":
    case "number":
      return fc.integer({ min: Math.max(-5, schema.minimum ?? -5), max: Math.min(500, schema.maximum ?? 500) });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(plausible(schema.items, depth + 1), { maxLength: 4 });
    case "object":
      return objectFor(schema, depth + 1);
    default:
      return nastyValue;
  }
}

/** An object with the schema's own property names, each plausible or malformed, plus now and then a stray key. */
export function objectFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<Value> {
  const entries = Object.entries(schema?.properties ?? {});
  const fields = entries.map(([name, property]) =>
    fc.option(
      fc.oneof(plausible(property, depth), nastyValue).map((value) => [name, value] as const),
      { freq: 4 },
    ),
  );
  const stray = fc.array(
    fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "constructor", "_id", "companyId", "id")), nastyValue),
    {
      maxLength: 2,
    },
  );
  return fc.tuple(fc.tuple(...fields), stray).map(([picked, extra]) => {
    const out: Record<string, Value> = {};
    for (const field of picked) if (field) out[field[0]] = field[1];
    for (const [key, value] of extra) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** How a body travels: the content type it claims and how it is encoded. */
export const BODY_ENCODINGS = ["json", "json-as-text", "json-no-type", "form", "multipart", "broken-json", "json-utf16", "none", "huge"] as const;
export type BodyEncoding = (typeof BODY_ENCODINGS)[number];

export const BROKEN_JSON = ['{"a":', "{", "[1,2", "\uFEFF{}", "NaN", "{'a':1}", '{"a":1}}', "\u0000", "null", "[]", '"string"', "1e999"];
