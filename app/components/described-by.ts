/** Builds an aria-describedby value from several optional id lists, without duplicates. */
export function describedBy(...idLists: Array<string | false | null | undefined>): string | undefined {
  const ids = new Set<string>();
  for (const list of idLists) {
    if (!list) continue;
    for (const id of list.split(/\s+/)) if (id) ids.add(id);
  }
  return ids.size > 0 ? [...ids].join(" ") : undefined;
}
