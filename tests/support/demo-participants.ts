import { readFileSync } from "node:fs";
import type { CreatedParticipant } from "../../platform/identity/dev/participants-route.ts";

/** A demo participant: the account the identity provider holds, and what the results service shows of them. */
export type DemoParticipant = CreatedParticipant & {
  kitStatus: number | null;
  isHealthOrResearch: boolean;
  agreements: string[];
  apps: {
    appID: string;
    appName: string;
    label: string | null;
    labelEs: string | null;
    type: string | null;
    /** A reissued report's versions. */
    reportVersions?: { version: number; issuedOn: string; change: string | null; changeEs: string | null }[];
  }[];
};

const demo = JSON.parse(readFileSync(new URL("../../platform/demo/participants.json", import.meta.url), "utf8")) as {
  participants: DemoParticipant[];
};

export function participant(email: string): DemoParticipant {
  const found = demo.participants.find((candidate) => candidate.email === email);
  if (!found) throw new Error(`no demo participant ${email}`);
  return found;
}

export const allParticipants = demo.participants;

export function fullNameOf(person: DemoParticipant): string {
  return [person.firstName, person.middleName, person.lastName].filter(Boolean).join(" ");
}
