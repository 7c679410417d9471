/**
 * Nested keys, "namespace:key", {{placeholders}} and a fallback language: the same strings as i18next
 * with the portal's settings (translate.test.ts compares every one) at a fraction of the cost.
 */
import { defaultNamespace } from "./languages";

export type Catalog = { readonly [key: string]: unknown };
/** One language's catalogs by namespace ("common", "dashboard", …). */
export type Catalogs = { readonly [namespace: string]: Catalog };
export type TranslationValues = { readonly [name: string]: unknown };
export type TranslateFunction = (key: string, values?: TranslationValues) => string;

export interface Translator {
  readonly language: string;
  /** The strings of one namespace (like i18next's getFixedT); the same function every time. */
  fixed(namespace?: string): TranslateFunction;
}

// "namespace:key", split at the first colon.
const NAMESPACED_KEY = /^([\w-]+):([\s\S]*)$/;
// i18next's placeholder, with its "{{- name}}" (unescaped) form: escaping is off in the portal.
const PLACEHOLDER = /\{\{-?(.+?)\}\}/g;

/** What the nested path "a.b.c" leads to. */
function atPath(root: Catalog, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? (node as Catalog)[part] : undefined), root);
}

/** A flat key ("a.b" stored as is) first, then the nested path. */
function lookUp(catalog: Catalog | undefined, key: string): string | undefined {
  if (!catalog) return undefined;
  const text = typeof catalog[key] === "string" ? catalog[key] : atPath(catalog, key);
  return typeof text === "string" ? text : undefined;
}

/**
 * Fills {{name}} from `values`. As i18next does: a name that is not given stays as written, a name
 * given as undefined or null becomes empty, anything else becomes its string.
 */
export function interpolate(text: string, values?: TranslationValues): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, written: string) => {
    const name = written.trim();
    const value = name in values ? values[name] : atPath(values, name);
    if (value === undefined) return Object.hasOwn(values, name) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}

/**
 * A translator for one language over `chain`, the catalogs to look in, in order (on the server, then
 * the fallback language's). A key found nowhere is answered with itself, as i18next does.
 */
export function createTranslator(language: string, chain: readonly Catalogs[]): Translator {
  const fixedByNamespace = new Map<string, TranslateFunction>();
  // Pages ask for the same few hundred keys on every render; only found keys are kept, so it stays bounded.
  const found = new Map<string, Map<string, string>>();

  function translate(namespace: string, key: string, values?: TranslationValues): string {
    let foundInNamespace = found.get(namespace);
    if (!foundInNamespace) found.set(namespace, (foundInNamespace = new Map()));
    const cached = foundInNamespace.get(key);
    if (cached !== undefined) return interpolate(cached, values);
    const [, lookupNamespace = namespace, lookupKey = key] = NAMESPACED_KEY.exec(key) ?? [];
    for (const catalogs of chain) {
      const text = lookUp(catalogs[lookupNamespace], lookupKey);
      if (text !== undefined) {
        foundInNamespace.set(key, text);
        return interpolate(text, values);
      }
    }
    return interpolate(lookupKey, values);
  }

  return {
    language,
    fixed(namespace = defaultNamespace) {
      let fixed = fixedByNamespace.get(namespace);
      if (!fixed) fixedByNamespace.set(namespace, (fixed = (key, values) => translate(namespace, key, values)));
      return fixed;
    },
  };
}
