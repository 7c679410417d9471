/** SPEC.md §3: an app's type picks its card icon; an unknown or missing type gives the empty name. */
export const RESULT_ICON_NAMES = ["health", "traits", "ancestry", "wellness", "download"] as const;

export type ResultIconName = (typeof RESULT_ICON_NAMES)[number] | "";

const iconByType: Record<string, ResultIconName> = {
  health: "health",
  traits: "traits",
  ancestry: "ancestry",
  wellness: "wellness",
  "women-wellness": "wellness",
  download: "download",
  exome: "download",
};

export function resultIconFor(type: string | null | undefined): ResultIconName {
  const key = type?.trim().toLowerCase() ?? "";
  return Object.hasOwn(iconByType, key) ? iconByType[key]! : "";
}
