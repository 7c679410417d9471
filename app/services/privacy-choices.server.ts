import * as z from "zod";
import { portalCookie } from "./cookie-security.server";

export const privacyChoicesCookie = portalCookie("privacy_choices", { maxAge: 60 * 60 * 24 * 365 });

const PrivacyChoices = z.object({ analytics: z.boolean() });

/** Analytics stays off until the participant opts in. */
export async function readPrivacyChoices(request: Request): Promise<z.infer<typeof PrivacyChoices>> {
  const parsed = PrivacyChoices.safeParse(await privacyChoicesCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : { analytics: false };
}
