import * as z from "zod";
import { ReportContentSchema, type ReportContent } from "./report-content";
import { CLINICIAN_PAGE_HEADERS, SHARE_CODE_PATTERN } from "./report-share";

/**
 * A letter for the family after a familial hypercholesterolemia (FH) result: plain words for relatives
 * (what FH is, why to be tested, how), with a relative code that opens the letter alone, on a public
 * page, for 90 days. The participant sees how many times it was used, never by whom, and can end it.
 */

/** The relatives' page: no account. */
export const RELATIVE_PATH = "/family";

export const LETTER_LANGUAGES = ["en", "es"] as const;
export type LetterLanguage = (typeof LETTER_LANGUAGES)[number];

export const familyLetterPath = (appId: string, language?: LetterLanguage) =>
  `/results/family-letter?app=${encodeURIComponent(appId)}${language ? `&in=${language}` : ""}`;
export const familyLetterPdfPath = (letterId: string, language: LetterLanguage) =>
  `/results/family-letter.pdf?letter=${encodeURIComponent(letterId)}&in=${language}`;

/** Only beside a ready FH report that found a (likely) pathogenic variant: otherwise the letter would contradict it. */
export const offersFamilyLetter = (app: { appName: string; reportReady: boolean; variantFound: boolean }) =>
  app.reportReady && app.appName === "fh-health" && app.variantFound;

/** The letter's language: the one asked for, else the page's. */
export const letterLanguage = (asked: string | null, page: string): LetterLanguage =>
  asked === "es" || asked === "en" ? asked : page === "es" ? "es" : "en";

/** A family letter as the results service answers it. */
export const FamilyLetterSchema = z.object({
  id: z.string(),
  appId: z.string(),
  code: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  state: z.enum(["active", "expired", "ended", "withdrawn"]),
  endedAt: z.iso.datetime().nullable(),
  uses: z.number().int().nonnegative(),
});
export type FamilyLetter = z.infer<typeof FamilyLetterSchema>;

/** The letter's words, the same on the page and in the PDF, written as a report is. */
export const LetterContentSchema = ReportContentSchema;
export type LetterContent = ReportContent;

/** The report's letter the page shows: the open one, else none (a new one is made on request). */
export const openLetterOf = (letters: FamilyLetter[], appId: string) =>
  letters.find((letter) => letter.appId === appId && letter.state === "active") ?? null;

/** The relative's form: the code from the letter, typed with or without the dash, in any case. */
export const RelativeCodeSchema = z.object({
  code: z
    .string({ error: "relative.errors.codeRequired" })
    .trim()
    .min(1, { error: "relative.errors.codeRequired" })
    .transform((value) => value.replace(/\s/g, "").toUpperCase())
    .refine((value) => SHARE_CODE_PATTERN.test(value), { error: "relative.errors.codeInvalid" }),
});

/** The relatives' page: never stored, kept out of search engines, and no address sent to other sites. */
export const RELATIVE_PAGE_HEADERS = CLINICIAN_PAGE_HEADERS;
