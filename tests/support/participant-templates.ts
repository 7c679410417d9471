import { allParticipants, type DemoParticipant } from "./demo-participants";

/**
 * The participants a test can ask for, by name: each is like one of the demo people of
 * platform/demo/participants.json (README 'Demo participants'), under a new e-mail, phone and id.
 */
export const templates = {
  /**
   * Kit status 5, every step dated, four cards (health, traits, ancestry, exome), SMS and voice, a ready and an expired
   * download; born 1984-03-09.
   */
  ada: "ada@example.test",
  /** Kit status 0: 'Gathering your information...', one traits card. */
  bruno: "bruno@example.test",
  /** Kit status 1, a voice-only phone (5-digit codes), traits and ancestry cards. */
  carmen: "carmen@example.test",
  /** Kit status 2, a delayed kit (lab backlog), no research consent, an SMS-only phone. */
  dmitri: "dmitri@example.test",
  /** Kit status 3 (steps 3 and 4), not health-or-research: four timeline entries. */
  elena: "elena@example.test",
  /** Prefers Spanish; kit status 4, dated steps; health, FH and women's wellness cards; born 1991-07-23. */
  lucia: "lucia@example.test",
  /** No phone yet (sign-in asks to enrol one), kit status missing. */
  felix: "felix@example.test",
  /** Kit status 5 and no apps at all: the empty state. */
  greta: "greta@example.test",
  /** The three partner traits apps, kit status 5. */
  hiro: "hiro@example.test",
  /** Cards without a type or Spanish label, not health-or-research, kit status 4. */
  iris: "iris@example.test",
  /** No phone yet, kit status 1, one ancestry card (the reduced view through a results link). */
  nadia: "nadia@example.test",
  /** Kit status 5 with an authenticator app set up (its key is `totpSecret`). */
  "tara.totp": "tara.totp@example.test",
  /** Kit status 5 with ten recovery codes (`recoveryCodes`). */
  "rory.recovery": "rory.recovery@example.test",
} as const;

export type TemplateName = keyof typeof templates;

/** A demo participant as the demo file describes them: the identity provider's fields and the results service's. */
export type DemoRecord = Omit<DemoParticipant, "apps"> & {
  totpSecret?: string;
  recoveryCodes?: string[];
  heapIdentifier: string;
  sourceID: string;
  apps: (DemoParticipant["apps"][number] & { documentBytes?: number })[];
  kitHistory?: unknown;
  consentHistory?: unknown[];
  dataExports?: { state: "ready" | "expired"; language: "en" | "es" }[];
  /** What a clinician types beside a share code. */
  dateOfBirth?: string;
  description?: string;
};

export function templateRecord(template: TemplateName): DemoRecord {
  const found = (allParticipants as DemoRecord[]).find((candidate) => candidate.email === templates[template]);
  if (!found) throw new Error(`the demo file has no ${templates[template]} for the template '${template}'`);
  return structuredClone(found);
}
