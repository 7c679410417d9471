import { createCookie } from "react-router";
import * as z from "zod";
import { cookieSecurity } from "./cookie-security.server";

export const privacyChoicesCookie = createCookie("privacy_choices", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
  ...cookieSecurity(),
});

const PrivacyChoices = z.object({ analytics: z.boolean() });

/** Analytics stays off until the participant opts in. */
export async function readPrivacyChoices(request: Request): Promise<z.infer<typeof PrivacyChoices>> {
  const parsed = PrivacyChoices.safeParse(await privacyChoicesCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : { analytics: false };
}
