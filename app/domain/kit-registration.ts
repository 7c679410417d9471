import * as z from "zod";
import { checkKitBarcode, formatKitBarcode, KIT_BARCODE_DIGITS } from "../../lib/program/kit-barcode.ts";
import { isCalendarDate } from "./calendar-date";

export { checkKitBarcode, formatKitBarcode, KIT_BARCODE_DIGITS };

/** Where a participant registers a kit (app/routes/_portal.kits.register.tsx). */
export const KIT_REGISTRATION_PATH = "/kits/register";

const DAY_MS = 86_400_000;
/** A sample kept longer than this before its kit is registered is not one the lab can use (the results service's rule too). */
export const OLDEST_COLLECTION_DAYS = 365;

export type CollectionDayProblem = "required" | "invalid" | "future" | "too-old";

/** The latest day the form offers: tomorrow (a day's grace: the participant's today may be ahead of the server's). */
export const latestCollectionDay = (now: Date) => new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);

/** The day the sample was collected ('YYYY-MM-DD'): a real day, not after tomorrow, not over OLDEST_COLLECTION_DAYS ago. */
export function collectionDayProblem(value: string, now: Date): CollectionDayProblem | null {
  const day = value.trim();
  if (day === "") return "required";
  if (!isCalendarDate(day)) return "invalid";
  const at = Date.parse(`${day}T00:00:00Z`);
  if (at > now.getTime() + DAY_MS) return "future";
  if (at < now.getTime() - OLDEST_COLLECTION_DAYS * DAY_MS) return "too-old";
  return null;
}

export const SAMPLE_OF = ["self", "someone-else"] as const;

const barcodeErrors = {
  empty: "kits.errors.barcodeRequired",
  format: "kits.errors.barcodeFormat",
  "check-digit": "kits.errors.barcodeCheck",
};
const dayErrors: Record<CollectionDayProblem, string> = {
  required: "kits.errors.collectedOnRequired",
  invalid: "kits.errors.collectedOnInvalid",
  future: "kits.errors.collectedOnFuture",
  "too-old": "kits.errors.collectedOnTooOld",
};

/**
 * The registration form: the barcode (spaces and hyphens allowed; twelve digits whose last checks the
 * rest), whose sample it is (only the participant's own: someone else's kit is registered in that
 * person's own account) and the day it was collected. Errors are translation keys of `dashboard`.
 */
export function kitRegistrationSchema(now: () => Date = () => new Date()) {
  return z.object({
    barcode: z
      .string({ error: barcodeErrors.empty })
      .max(40, { error: barcodeErrors.format })
      .transform((typed, context) => {
        const checked = checkKitBarcode(typed);
        if (checked.ok) return checked.barcode;
        context.addIssue({ code: "custom", message: barcodeErrors[checked.problem] });
        return z.NEVER;
      }),
    sampleOf: z
      .enum(SAMPLE_OF, { error: "kits.errors.sampleOfRequired" })
      .refine((value) => value === "self", { error: "kits.errors.sampleOfOther" }),
    collectedOn: z.string({ error: dayErrors.required }).transform((value, context) => {
      const problem = collectionDayProblem(value, now());
      if (!problem) return value.trim();
      context.addIssue({ code: "custom", message: dayErrors[problem] });
      return z.NEVER;
    }),
  });
}

/** What the participant's kits look like, from the results service (newest first). */
export const KitSchema = z.object({
  barcode: z.string().regex(/^\d{12}$/),
  registeredAt: z.iso.datetime({ offset: true }),
  collectedOn: z.iso.date(),
});
export type Kit = z.infer<typeof KitSchema>;
