import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One Spanish voice for the participant wherever they read it: the portal, the hosted sign-in pages
 * and the program's shared strings address them as usted, use one verb for typing something in
 * (introducir), say the minimum length one way ('10 o más caracteres'), and name the program 'Programa
 * DNA Discovery'.
 */
const root = new URL("../../../", import.meta.url).pathname;
const portalDir = join(root, "app/locales/es");
const catalogs = [
  ...readdirSync(portalDir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => join(portalDir, file)),
  join(root, "platform/identity/locales/es.json"),
  join(root, "lib/program/locales/es.json"),
];

function values(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, child]) => values(child, `${path}.${key}`));
  return [];
}

const entries = catalogs.flatMap((file) => values(JSON.parse(readFileSync(file, "utf8")), file.slice(root.length)));

/** Words only the informal tú uses: its pronouns and possessives, and the verb forms these catalogs could use. */
const TU_WORDS = /\b(tu|tus|te|ti|contigo|tuy[oa]s?|puedes|tienes|quieres|debes|necesitas|estás|eres|has|hayas|recibirás|podrás)\b/i;
/** A tú imperative opening a sentence ('Vuelve a iniciar sesión'); usted says 'Vuelva'. */
const TU_IMPERATIVE =
  /(^|[.:;!?¿¡]\s*)(vuelve|ingresa|introduce|elige|escribe|revisa|comprueba|pulsa|selecciona|añade|intenta|llama|contacta|comunícate|espera|inicia|abre|usa)\b/i;
/** The other verb for typing something in: the catalogs say introducir/introduzca. */
const OTHER_VERB = /\bingres[a-záéíóú]*/i;

const offending = (test: (text: string) => boolean) => entries.filter(([, text]) => test(text)).map(([path, text]) => `${path}: ${text}`);

describe("the Spanish catalogs", () => {
  it("read all of them", () => {
    expect(entries.length).toBeGreaterThan(300);
  });

  it("address the participant as usted, never tú", () => {
    expect(offending((text) => TU_WORDS.test(text) || TU_IMPERATIVE.test(text))).toEqual([]);
  });

  it("say introducir for typing something in, never ingresar", () => {
    expect(offending((text) => OTHER_VERB.test(text))).toEqual([]);
  });

  it("say the minimum length as the hint does ('10 o más caracteres'), never 'caracteres o más'", () => {
    expect(offending((text) => /caracteres o más/.test(text))).toEqual([]);
  });

  it("name the program 'Programa DNA Discovery' wherever it is named", () => {
    expect(offending((text) => /DNA Discovery/.test(text) && !/Programa DNA Discovery/.test(text.replace(/\s+/g, " ")))).toEqual([]);
    expect(offending((text) => /DNA Discovery Program/.test(text))).toEqual([]);
  });
});
