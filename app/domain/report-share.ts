/**
 * Sharing one report with a clinician (Epic's Share Everywhere model): the participant names who it
 * is for and how long it lasts; the clinician opens it with the share code, or the share link, and
 * the participant's date of birth. The participant sees every opening and can end it at once.
 */
export const SHARE_DAYS = [1, 7, 30] as const;
export const SHARES_PATH = "/shares";
export const CLINICIAN_PATH = "/shared";
export const CLINICIAN_REPORT_PATH = "/shared/report";
export const CLINICIAN_PDF_PATH = "/shared/report.pdf";
export const sharePath = (id: string) => `${SHARES_PATH}/${encodeURIComponent(id)}`;
export const newSharePath = (appId: string) => `${SHARES_PATH}/new?app=${encodeURIComponent(appId)}`;
/** The link a clinician is given: its secret in the query, which no request log keeps. */
export const shareLinkPath = (link: string) => `${CLINICIAN_PATH}?link=${encodeURIComponent(link)}`;

export const SHARE_STATES = ["active", "expired", "revoked", "locked", "withdrawn"] as const;

/** Every page of the clinician's: never stored, the link's secret sent to no other site, and kept out of search engines. */
export const CLINICIAN_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
} as const;
export type ShareState = (typeof SHARE_STATES)[number];

/**
 * When a share stopped opening, for the participant's own pages: ended early (revoked, locked), or its
 * time ran out; null while it is open, or when the moment is not known (a withdrawal ends it).
 */
export function shareEndedAt(share: { state: ShareState; endedAt: string | null; expiresAt: string }): string | null {
  if (share.state === "active") return null;
  return share.endedAt ?? (share.state === "expired" ? share.expiresAt : null);
}

/** 'K7M2Q-XP9DR', typed with or without the dash, in any case. */
export const SHARE_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{5}-?[2-9A-HJKMNP-Z]{5}$/i;
/** A share link's secret: 256 random bits in base64url. */
export const SHARE_LINK_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type DeviceKind = "phone" | "tablet" | "computer";

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, "Edge"],
  [/Firefox\//, "Firefox"],
  [/Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];

/** 'computer · Chrome': what kind of device opened a share, and its browser; nothing that identifies it. */
export function deviceDescription(userAgent: string | null): string {
  const agent = userAgent ?? "";
  const kind: DeviceKind = /iPad|Tablet/.test(agent) ? "tablet" : /Mobi|iPhone|Android/.test(agent) ? "phone" : "computer";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  return browser ? `${kind} · ${browser}` : kind;
}

/** The kind of device of a recorded description, for the page to word in its language. */
export function deviceParts(description: string): { kind: DeviceKind | null; browser: string | null } {
  const [kind, browser] = description.split(" · ");
  const known = kind === "phone" || kind === "tablet" || kind === "computer" ? kind : null;
  return { kind: known, browser: browser ?? null };
}
