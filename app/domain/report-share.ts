import * as z from "zod";

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
export type ShareState = (typeof SHARE_STATES)[number];

export const ShareSchema = z.object({
  id: z.string(),
  appId: z.string(),
  recipient: z.string(),
  language: z.enum(["en", "es"]),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  state: z.enum(SHARE_STATES),
  endedAt: z.iso.datetime().nullable(),
  views: z.array(z.object({ at: z.iso.datetime(), device: z.string() })),
});
export type Share = z.infer<typeof ShareSchema>;
export const ShareListSchema = z.object({ shares: z.array(ShareSchema) });
export const CreatedShareSchema = z.object({ share: ShareSchema, code: z.string(), link: z.string() });

/** Control characters are never part of a name; the results service refuses them too. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The participant's form: who it is for, and for how long. */
export const NewShareSchema = z.object({
  appId: z.string().min(1).max(200),
  recipient: z
    .string({ error: "new.errors.recipientRequired" })
    .trim()
    .min(1, { error: "new.errors.recipientRequired" })
    .max(100, { error: "new.errors.recipientTooLong" })
    .refine((value) => !CONTROL.test(value), { error: "new.errors.recipientRequired" }),
  days: z.coerce
    .number({ error: "new.errors.daysRequired" })
    .refine((days): days is (typeof SHARE_DAYS)[number] => (SHARE_DAYS as readonly number[]).includes(days), {
      error: "new.errors.daysRequired",
    }),
});

/** A calendar date that exists, not in the future: 'YYYY-MM-DD', as a date field sends it. */
const birthDate = z
  .string({ error: "open.errors.birthDateRequired" })
  .trim()
  .min(1, { error: "open.errors.birthDateRequired" })
  .refine(
    (value) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!match) return false;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() <= Date.now();
    },
    { error: "open.errors.birthDateInvalid" },
  );

/** 'K7M2Q-XP9DR', typed with or without the dash, in any case. */
export const SHARE_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{5}-?[2-9A-HJKMNP-Z]{5}$/i;
/** A share link's secret: 256 random bits in base64url. */
export const SHARE_LINK_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The clinician's form: the code (or the link's secret, carried by the page) and the date of birth. */
export const OpenShareSchema = z.union([
  z.object({
    link: z.string().regex(SHARE_LINK_PATTERN),
    dateOfBirth: birthDate,
  }),
  z.object({
    code: z
      .string({ error: "open.errors.codeRequired" })
      .trim()
      .min(1, { error: "open.errors.codeRequired" })
      .transform((value) => value.replace(/\s/g, ""))
      .refine((value) => SHARE_CODE_PATTERN.test(value), { error: "open.errors.codeInvalid" }),
    dateOfBirth: birthDate,
  }),
]);

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

/** What the clinician's page shows: the share's facts and the report's content, in the report's language. */
const ReportSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()).optional(),
  rows: z.array(z.tuple([z.string(), z.string()])).optional(),
});
export const SharedReportSchema = z.object({
  share: z.object({ recipient: z.string(), expiresAt: z.iso.datetime(), appName: z.string() }),
  report: z.object({
    language: z.enum(["en", "es"]),
    title: z.string(),
    participantName: z.string(),
    sections: z.array(ReportSectionSchema),
  }),
});
export type SharedReport = z.infer<typeof SharedReportSchema>;
