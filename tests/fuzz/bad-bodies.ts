/**
 * Generated bad input for the portal's forms and query strings: malformed, oversized, wrongly
 * typed, missing and duplicated fields, unicode and injection-shaped values.
 */
import fc from "fast-check";
import { FORM_BODY_LIMIT_BYTES } from "~/services/form-body.server";

export const injectionShapes = [
  `<script>alert(1)</script>`,
  `"><img src=x onerror=alert(1)>`,
  `' OR '1'='1' --`,
  `'; DROP TABLE portal_sessions; --`,
  "${7*7}{{7*7}}<%= 7*7 %>",
  "../../../../etc/passwd",
  "%00%0d%0aSet-Cookie:%20x=y",
  "\r\nLocation: https://attacker.example",
  "javascript:alert(1)",
  "//attacker.example",
  '{"__proto__":{"admin":true}}',
  "constructor[prototype][admin]=1",
  "\u202e\u0000\uFEFF\uD800",
  "𝕏😀ñ漢字\u0301",
];

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...injectionShapes),
  fc.integer().map(String),
  fc.constantFrom("", "null", "undefined", "true", "[]", "{}", "NaN", "-1", "1e309"),
);

/** A url-encoded body built from the action's own field names plus strangers, some repeated. */
export function formBody(fieldNames: string[]) {
  const name = fc.oneof(fc.constantFrom(...fieldNames, "intent", "__proto__", "constructor"), fc.string({ maxLength: 12 }));
  return fc.array(fc.tuple(name, value), { maxLength: 8 }).map((pairs) => new URLSearchParams(pairs).toString());
}

/** Bodies that are not forms at all. */
export const malformedBody = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom("%", "%E0%A4%A", "a=%ZZ&&&==&", "=", "&&&", '{"intent":', "\u0000".repeat(10)),
);

export const contentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-16",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "application/json",
  "text/plain",
  "",
);

/** Just above the documented limit, in a field that exists. */
export function oversizedBody(fieldName: string): string {
  return new URLSearchParams({ [fieldName]: "x".repeat(FORM_BODY_LIMIT_BYTES + 1) }).toString();
}

export function queryValue() {
  return value;
}
