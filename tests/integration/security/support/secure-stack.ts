/**
 * The whole stack for the attack and bad-input suites: the participants each suite creates (like the
 * templates of tests/support/participant-templates.ts), a hostile one seeded here whose names and app
 * labels are markup, and a recorder of every response the suite saw (for the "no secret anywhere" checks).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { templateRecord } from "../../../support/participant-templates";
import { generousSendingBudgets } from "../../../support/sending-budgets.ts";
import { signInOverHttp, type SignInAccount } from "../../../support/sign-in.ts";
import { ensurePortalBuilt, startStack, type Stack } from "../../../support/stack.ts";

export const MARKUP_NAME = `<script>alert("name")</script>`;
export const MARKUP_LABEL = `<img src=x onerror=alert("label")>`;

/** Like Ada, with markup where a name, an app label and an analytics id go: the only participant the stack is seeded with. */
export const hostile = {
  ...templateRecord("ada"),
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

export async function startSecureStack(portalEnv: Record<string, string> = {}, identityEnv: Record<string, string> = {}): Promise<Stack> {
  ensurePortalBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), "portal-security-"));
  const participantsFile = path.join(dir, "participants.json");
  // No demo participants: each suite creates those it signs in.
  writeFileSync(participantsFile, JSON.stringify({ participants: [hostile] }));
  return startStack({
    participantsFile,
    portalEnv: { RESULTS_TIMEOUT_MS: "1500", ...portalEnv },
    identityEnv: { ...generousSendingBudgets, ...identityEnv },
  });
}

/** Signs the participant in over HTTP, through the hosted pages' form posts. */
export async function signIn(stack: Stack, who: SignInAccount, options: { path?: string } = {}) {
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
