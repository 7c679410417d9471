import * as z from "zod";

/** The accessibility statement's page; its form reports a barrier. */
export const ACCESSIBILITY_PATH = "/accessibility";

export const PAGE_MAX = 200;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;
const EMAIL_MAX = 254;

/** Enough for a school or a clinic behind one address, too few to flood the support queue or mailboxes. */
export const REPORTS_PER_SOURCE = { max: 20, windowSeconds: 60 * 60 };
/** Acknowledgements one address can receive: nobody's mailbox is filled through this form. */
export const REPORTS_PER_ADDRESS = { max: 3, windowSeconds: 24 * 60 * 60 };

// eslint-disable-next-line no-control-regex -- a control character is never part of a report
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Each message is a key of the accessibility catalog. */
export const BarrierReportSchema = z.object({
  page: z
    .string()
    .trim()
    .max(PAGE_MAX, "report.errors.pageTooLong")
    .refine((value) => !CONTROL.test(value), "report.errors.pageTooLong")
    .default(""),
  description: z
    .string({ error: "report.errors.descriptionRequired" })
    .trim()
    .min(1, "report.errors.descriptionRequired")
    .min(DESCRIPTION_MIN, "report.errors.descriptionTooShort")
    .max(DESCRIPTION_MAX, "report.errors.descriptionTooLong")
    .refine((value) => !CONTROL.test(value), "report.errors.descriptionTooLong"),
  email: z
    .string({ error: "report.errors.emailRequired" })
    .trim()
    .min(1, "report.errors.emailRequired")
    .max(EMAIL_MAX, "report.errors.emailInvalid")
    .pipe(z.email("report.errors.emailInvalid")),
});

export type BarrierReport = z.infer<typeof BarrierReportSchema>;

/** A reference the reporter can quote to support: BR-2026-7K3M9Q (no 0/O or 1/I to misread). */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_PATTERN = /^BR-\d{4}-[2-9A-HJ-NP-Z]{6}$/;

export function barrierReference(year: number, randomBytes: Uint8Array): string {
  const code = Array.from(randomBytes.slice(0, 6), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("");
  return `BR-${year}-${code}`;
}

/**
 * The mailbox an address reaches: lower case, without a '+tag' in its local part (most providers
 * deliver name+anything@ to name@), so tagged variants count as one address against its limit.
 */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  return `${lower.slice(0, at).split("+", 1)[0]}${lower.slice(at)}`;
}
