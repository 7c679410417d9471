/** Every screen is seen at the two designed widths and in both languages. */
export const viewports = [
  { name: "mobile", width: 375, height: 812 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

export const languages = ["en", "es"] as const;

export const screenMatrix = viewports.flatMap((viewport) => languages.map((language) => ({ viewport, language })));

/**
 * For tests that are one screen per run: the four screens split between the two projects, so each
 * width and each language is still seen with JavaScript on and with it off, in half the runs.
 * JavaScript on takes 375 px in English and 1366 px in Spanish; off, the other two.
 */
export function seenInThisMode(screen: (typeof screenMatrix)[number], javaScriptEnabled: boolean): boolean {
  const onesShare = (screen.viewport.name === "mobile") === (screen.language === "en");
  return onesShare === javaScriptEnabled;
}
