/** Every screen is seen at the two designed widths and in both languages. */
export const viewports = [
  { name: "mobile", width: 375, height: 812 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

export const languages = ["en", "es"] as const;

export const screenMatrix = viewports.flatMap((viewport) => languages.map((language) => ({ viewport, language })));
