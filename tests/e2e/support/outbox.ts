import { expect } from "@playwright/test";
import { identityUrl } from "./stack";

export type OutboxMessage = {
  id: string | number;
  channel: "sms" | "voice" | "email";
  to: string;
  code: string;
  purpose: string;
  createdAt: string;
};

export async function outboxFor(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${identityUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/** Marks what is in the outbox now, so a later wait only accepts messages sent after it. */
export async function outboxMarker(to: string): Promise<Set<string>> {
  return new Set((await outboxFor(to)).map((message) => String(message.id)));
}

/** The codes sent to `to` since `marker`, newest first, waiting until at least one arrives. */
export async function codesSince(to: string, marker: Set<string>): Promise<OutboxMessage[]> {
  let fresh: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        fresh = (await outboxFor(to)).filter((message) => !marker.has(String(message.id)));
        return fresh.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  return fresh;
}
