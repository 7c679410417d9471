/** SPEC.md §3: an app's type picks its card icon; an unknown or missing type gives the empty name. */
const iconByType = {
  health: "health",
  traits: "traits",
  ancestry: "ancestry",
  wellness: "wellness",
  "women-wellness": "wellness",
  download: "download",
  exome: "download",
} as const;

export type ResultIconName = (typeof iconByType)[keyof typeof iconByType] | "";

export function resultIconFor(type: string | null | undefined): ResultIconName {
  const key = type?.trim().toLowerCase() ?? "";
  return Object.hasOwn(iconByType, key) ? iconByType[key as keyof typeof iconByType] : "";
}
