/** Builds an aria-describedby value from several optional id lists, without duplicates. */
export function describedBy(...idLists: Array<string | false | null | undefined>): string | undefined {
  const ids = new Set(idLists.flatMap((list) => (list ? list.split(/\s+/).filter(Boolean) : [])));
  return ids.size > 0 ? [...ids].join(" ") : undefined;
}
