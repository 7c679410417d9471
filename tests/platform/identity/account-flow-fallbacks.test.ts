import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trustedProxiesFrom } from "../../../platform/identity/http/io.ts";
import type { InteractionDeps } from "../../../platform/identity/interactions/deps.ts";
import { createRecovery } from "../../../platform/identity/interactions/recovery.ts";
import type { AccountFlow, AccountFlowStep } from "../../../platform/identity/store/account-flows.ts";

/**
 * SPEC §8 fallbacks when delivery or storage fails. The stores are replaced by in-memory ones
 * whose failing parts throw, as a broken SMS gateway or database would.
 */
const account = { id: "T9", email: "ada@example.test", phone: "+15555550101", phoneMethods: ["sms", "voice"] };
const flows = new Map<string, AccountFlow>();
const failing = { send: false, updatePassword: false };

const deps = {
  provider: {},
  accounts: {
    findByEmail: async () => account,
    findById: async () => account,
    updatePassword: async () => {
      if (failing.updatePassword) throw new Error("database unavailable");
    },
  },
  accountFlows: {
    get: async (uid: string) => flows.get(uid) ?? null,
    start: async (flow: Omit<AccountFlow, "expired">) => void flows.set(flow.interactionUid, { ...flow, expired: false }),
    advance: async (uid: string, step: AccountFlowStep) => void flows.set(uid, { ...flows.get(uid)!, step }),
    remove: async (uid: string) => void flows.delete(uid),
  },
  verifications: {
    send: async () => {
      if (failing.send) throw new Error("gateway unavailable");
      return { ok: true };
    },
    discard: async () => undefined,
    retryAfterSeconds: async () => 0,
    channelOf: async () => "sms",
    check: async () => "verified",
  },
  throttle: {
    isLimited: async () => false,
    count: async () => 0,
    retryAfterMs: async () => 0,
    record: async () => undefined,
    clear: async () => undefined,
  },
  humanCheck: { check: async () => "passed", ticketFor: () => "ticket" },
  trustedProxies: trustedProxiesFrom([]),
  now: () => new Date(),
  logger: pino({ level: "silent" }),
} as unknown as InteractionDeps;

const recovery = createRecovery(deps);
const interaction = { uid: "uid-1", locale: "en" as const, askedLocale: "en" as const };
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const step = new URL(req.url!, "http://x").pathname.slice(1);
    void recovery.handlePost(req, res, interaction, "recover", step);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function post(step: string, form: Record<string, string>) {
  const response = await fetch(`${base}/${step}`, { method: "POST", redirect: "manual", body: new URLSearchParams(form) });
  return { status: response.status, html: await response.text() };
}

function flowAt(step: AccountFlowStep) {
  flows.set(interaction.uid, {
    interactionUid: interaction.uid,
    kind: "recover",
    step,
    email: account.email,
    accountId: account.id,
    method: "sms",
    registration: null,
    expired: false,
  });
}

describe("recovery fallbacks", () => {
  it("says 'Error sending MFA code' when the code cannot be sent", async () => {
    flowAt("select");
    failing.send = true;
    const answer = await post("method", { authMethod: "sms" });
    expect(answer.status).toBe(500);
    expect(answer.html).toContain("Error sending MFA code");
    failing.send = false;
    expect((await post("method", { authMethod: "sms" })).status).toBe(303);
  });

  it("says 'Error resending code' when a resend fails", async () => {
    flowAt("challenge");
    failing.send = true;
    const answer = await post("code", { intent: "resend" });
    failing.send = false;
    expect(answer.status).toBe(500);
    expect(answer.html).toContain("Error resending code");
  });

  it("says 'Error updating password' when the new password cannot be stored", async () => {
    flowAt("reset");
    failing.updatePassword = true;
    const answer = await post("password", { password: "violet-harbour-lantern-7", confirmPassword: "violet-harbour-lantern-7" });
    failing.updatePassword = false;
    expect(answer.status).toBe(500);
    expect(answer.html).toContain("Error updating password");
    expect(answer.html).not.toContain("violet-harbour-lantern-7");
  });
});
