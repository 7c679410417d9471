/** Who the layout is showing the page to. Results-link visitors get the reduced header (SPEC.md §2, §6). */
export type Visitor =
  | {
      kind: "participant";
      fullName: string;
      /** When the session ends unless the participant does something (epoch ms). */
      signedInUntil: number;
      /** The server's time zone, which the page names until the browser's own is known. */
      serverTimeZone: string;
    }
  | { kind: "results-link" };

export type Participant = Extract<Visitor, { kind: "participant" }>;
