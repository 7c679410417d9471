import * as z from "zod";

/**
 * What the sessions page says about the device a session was started on: a kind, a system and a
 * browser, each one of a few names the locale catalogs translate. Only these three words are kept,
 * never the User-Agent they were read from (a full string helps fingerprint a participant).
 */
const SessionDeviceSchema = z.object({
  kind: z.enum(["phone", "tablet", "computer"]),
  system: z.enum(["windows", "macos", "ios", "ipados", "android", "chromeos", "linux", "other"]),
  browser: z.enum(["edge", "samsung", "opera", "firefox", "chrome", "safari", "other"]),
});

export type SessionDevice = z.infer<typeof SessionDeviceSchema>;

export const UNKNOWN_DEVICE: SessionDevice = { kind: "computer", system: "other", browser: "other" };

/** Checked in order: the browsers built on Chromium name Chrome too, and every browser on iOS names Safari. */
const BROWSERS: ReadonlyArray<[RegExp, SessionDevice["browser"]]> = [
  [/\bEdg(e|A|iOS)?\//, "edge"],
  [/\bSamsungBrowser\//, "samsung"],
  [/\b(OPR|OPiOS|Opera)\//, "opera"],
  [/\b(Firefox|FxiOS)\//, "firefox"],
  [/\b(Chrome|HeadlessChrome|Chromium|CriOS)\//, "chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "safari"],
];

const SYSTEMS: ReadonlyArray<[RegExp, SessionDevice["system"]]> = [
  [/\bWindows\b/, "windows"],
  [/\biPad\b/, "ipados"],
  [/\b(iPhone|iPod)\b/, "ios"],
  [/\bAndroid\b/, "android"],
  [/\bCrOS\b/, "chromeos"],
  [/\bMac OS X\b|\bMacintosh\b/, "macos"],
  [/\bLinux\b/, "linux"],
];

function kindOf(agent: string, system: SessionDevice["system"]): SessionDevice["kind"] {
  if (system === "ipados" || /\bTablet\b/.test(agent)) return "tablet";
  if (system === "ios") return "phone";
  // Android phones say 'Mobile'; Android tablets leave it out.
  if (system === "android") return /\bMobile\b/.test(agent) ? "phone" : "tablet";
  return /\bMobi(le)?\b/.test(agent) ? "phone" : "computer";
}

/** The device a User-Agent header describes, in the three words the page shows; anything unrecognised is 'other'. */
export function deviceOf(userAgent: string | null | undefined): SessionDevice {
  const agent = (userAgent ?? "").slice(0, 1000);
  if (agent === "") return UNKNOWN_DEVICE;
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? "other";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? "other";
  return { kind: kindOf(agent, system), system, browser };
}

/** A stored device, or the unknown one for a row written before devices were kept (or altered). */
export const storedDevice = (value: unknown): SessionDevice => SessionDeviceSchema.catch(UNKNOWN_DEVICE).parse(value);
