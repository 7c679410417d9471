import * as z from "zod";

/** The dashboard's one dismissible banner (SPEC.md §2 'My Results'). */
export const WELCOME_BANNER = "welcome";

/** The dismiss form: which banner; `respond: "data"` when a script posts it and needs no redirect. */
export const DismissBannerSchema = z.object({
  banner: z.enum([WELCOME_BANNER]),
  respond: z.enum(["data"]).optional(),
});
