import { captchaChallenge } from "~/services/captcha.server";
import { portalRequestOf } from "~/services/load-context.server";
import { participantSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.profile.security.captcha";

/** The invisible captcha's challenge, fetched same-origin (the page's CSP allows connect-src 'self' only). */
export async function loader({ context }: Route.LoaderArgs) {
  participantSession(context);
  const challenge = await captchaChallenge(portalRequestOf(context)?.requestId);
  return Response.json({ challenge: challenge || null }, { status: challenge ? 200 : 503 });
}
