/**
 * The whole stack for the attack and bad-input suites: the demo participants plus a hostile one
 * whose names and app labels are markup, and a recorder of every response the suite saw (for the
 * "no secret anywhere" checks).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generousSendingBudgets } from "../../../../scripts/bench/generous-sending-budgets.ts";
import { signInOverHttp } from "../../../../scripts/bench/sign-in.ts";
import { ensurePortalBuilt, projectRoot, startStack, type Stack } from "../../../../scripts/bench/stack.ts";

export interface DemoParticipant {
  userId: string;
  email: string;
  password: string;
  phone: string | null;
  phoneMethods: string[];
  firstName: string;
  lastName: string;
  apps: { appID: string; appName?: string; label: string | null; labelEs?: string | null; type?: string | null }[];
  [key: string]: unknown;
}

export const MARKUP_NAME = `<script>alert("name")</script>`;
export const MARKUP_LABEL = `<img src=x onerror=alert("label")>`;

const demo = JSON.parse(readFileSync(path.join(projectRoot, "platform/demo/participants.json"), "utf8")) as {
  participants: DemoParticipant[];
};

export const hostile: DemoParticipant = {
  ...demo.participants[0],
  userId: "P1999",
  email: "mallory@example.test",
  password: "Hostile-Mallory-Markup",
  phone: "+15555550199",
  phoneMethods: ["sms", "voice"],
  firstName: MARKUP_NAME,
  middleName: null,
  lastName: `"><svg onload=alert(1)>`,
  heapIdentifier: `</script><script>alert("heap")</script>`,
  apps: [{ appID: "app-1999-health", appName: "health", label: MARKUP_LABEL, labelEs: MARKUP_LABEL, type: "health" }],
};

export function participant(email: string): DemoParticipant {
  const found = [...demo.participants, hostile].find((candidate) => candidate.email === email);
  if (!found) throw new Error(`no participant ${email}`);
  return found;
}

export async function startSecureStack(portalEnv: Record<string, string> = {}): Promise<Stack> {
  ensurePortalBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), "portal-security-"));
  const participantsFile = path.join(dir, "participants.json");
  writeFileSync(participantsFile, JSON.stringify({ participants: [...demo.participants, hostile] }));
  return startStack({ participantsFile, portalEnv: { RESULTS_TIMEOUT_MS: "1500", ...portalEnv }, identityEnv: generousSendingBudgets });
}

export async function signIn(stack: Stack, email: string, options: { path?: string } = {}) {
  const who = participant(email);
  return signInOverHttp(stack.portalUrl, stack.identityUrl, who, options);
}

/** Every response body and header the suite saw, to search for secrets afterwards. */
export class Recorder {
  readonly seen: { url: string; status: number; headers: string; body: string }[] = [];

  async fetch(url: string | URL, init: RequestInit = {}): Promise<{ response: Response; body: string }> {
    const response = await fetch(url, { redirect: "manual", ...init });
    const body = await response.text();
    this.seen.push({ url: String(url), status: response.status, headers: JSON.stringify([...response.headers]), body });
    return { response, body };
  }
}
