import * as z from "zod";
import { hasControlCharacter } from "./return-to";

/** The download form (SPEC.md §2 'Result cards'): which app, and whether a script will open the tab. */
export const ReportRequestSchema = z.object({
  appId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    // A control character (a NUL above all) is never part of an app id; refused here, not by the results service's database.
    .refine((value) => !hasControlCharacter(value)),
  opensIn: z.enum(["tab"]).optional(),
  /** A reissued report's version (the card's newest, or an earlier one); absent: the newest. */
  version: z
    .string()
    .regex(/^[1-9]\d{0,5}$/)
    .transform(Number)
    .optional(),
});

/** What the report action answers a script; any failure is the notification over the dashboard (SPEC.md §4). */
export type ReportActionData = { outcome: "opened"; reportUrl: string } | { outcome: "failed" } | { outcome: "invalid" };
