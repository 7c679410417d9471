/** Who the layout is showing the page to. Results-link visitors get the reduced header (SPEC.md §2, §6). */
export type Visitor = { kind: "participant"; fullName: string } | { kind: "results-link" };
