import type { BrowserContext } from "@playwright/test";
import { portalUrl } from "./stack";

/** Sets the language the way a returning participant's browser would carry it. */
export async function useLanguage(context: BrowserContext, language: "en" | "es") {
  await context.addCookies([{ name: "lang", value: Buffer.from(JSON.stringify(language)).toString("base64"), url: portalUrl }]);
}
