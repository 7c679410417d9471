import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkKitBarcode, formatKitBarcode } from "../../../lib/program/kit-barcode.ts";

type DemoKit = { barcode: string; registeredAt?: string; collectedOn?: string };
const demo = JSON.parse(readFileSync("platform/demo/participants.json", "utf8")) as {
  participants: { email: string; kits?: DemoKit[] }[];
};
const readme = readFileSync("README.md", "utf8");
const features = readFileSync("docs/features.md", "utf8");

describe("the demo's kits", () => {
  it("all pass their check digit, and no barcode is sent to two people", () => {
    const barcodes = demo.participants.flatMap((participant) => (participant.kits ?? []).map((kit) => kit.barcode));
    for (const barcode of barcodes) expect(checkKitBarcode(barcode), barcode).toEqual({ ok: true, barcode });
    expect(new Set(barcodes).size).toBe(barcodes.length);
  });

  it("include the kit the README and the feature guide ask Bruno to register, waiting unregistered", () => {
    const bruno = demo.participants.find((participant) => participant.email === "bruno@example.test")!;
    const waiting = (bruno.kits ?? []).filter((kit) => !kit.registeredAt).map((kit) => formatKitBarcode(kit.barcode));
    expect(waiting.length).toBeGreaterThan(0);
    const named = /as Bruno, 'Register your kit' on My Results; type (\d{4} \d{4} \d{4})/.exec(readme)?.[1];
    expect(waiting).toContain(named);
    expect(/sign in as bruno@example\.test and register (\d{4} \d{4} \d{4})/.exec(features)?.[1]).toBe(named);
  });

  it("give Ada two registered kits (the list shows both, newest first)", () => {
    const ada = demo.participants.find((participant) => participant.email === "ada@example.test")!;
    expect((ada.kits ?? []).filter((kit) => kit.registeredAt)).toHaveLength(2);
  });
});
