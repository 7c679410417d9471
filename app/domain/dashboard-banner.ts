import * as z from "zod";
import { WELCOME_BANNER } from "./dashboard-banner-names";

/** The dismiss form: which banner; `respond: "data"` when a script posts it and needs no redirect. */
export const DismissBannerSchema = z.object({
  banner: z.enum([WELCOME_BANNER]),
  respond: z.enum(["data"]).optional(),
});
