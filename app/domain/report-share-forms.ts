import * as z from "zod";
import { isCalendarDate } from "./calendar-date";
import { SHARE_CODE_PATTERN, SHARE_DAYS, SHARE_LINK_PATTERN } from "./report-share";
import { hasControlCharacter } from "./return-to";

/** The participant's form: who it is for, and for how long. */
export const NewShareSchema = z.object({
  appId: z.string().min(1).max(200),
  /** Chosen when the form was drawn: the same form posted twice (a double click) is one request. */
  formKey: z.uuid().optional().catch(undefined),
  recipient: z
    .string({ error: "new.errors.recipientRequired" })
    .trim()
    .min(1, { error: "new.errors.recipientRequired" })
    .max(100, { error: "new.errors.recipientTooLong" })
    // Never part of a name; the results service refuses them too.
    .refine((value) => !hasControlCharacter(value), { error: "new.errors.recipientRequired" }),
  days: z.coerce.number({ error: "new.errors.daysRequired" }).pipe(z.literal(SHARE_DAYS, { error: "new.errors.daysRequired" })),
});

/** A calendar date that exists, not in the future: 'YYYY-MM-DD', as a date field sends it. */
const birthDate = z
  .string({ error: "open.errors.birthDateRequired" })
  .trim()
  .min(1, { error: "open.errors.birthDateRequired" })
  .refine((value) => isCalendarDate(value) && Date.parse(`${value}T00:00:00Z`) <= Date.now(), { error: "open.errors.birthDateInvalid" });

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
