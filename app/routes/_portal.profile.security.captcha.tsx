import { PASSWORD_UPDATE_PATH } from "~/domain/password-update-view";
import { portalRequestOf } from "~/load-context";
import { captchaChallenge } from "~/services/captcha.server";
import { privatePageHeaders, requireParticipant } from "~/services/session.server";
import type { Route } from "./+types/_portal.profile.security.captcha";

/** The invisible captcha's challenge, fetched same-origin (the page's CSP allows connect-src 'self' only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireParticipant(request, context, PASSWORD_UPDATE_PATH);
  const challenge = await captchaChallenge(portalRequestOf(context)?.requestId ?? "");
  if (!challenge) return Response.json({ challenge: null }, { status: 503, headers: privatePageHeaders });
  return Response.json({ challenge }, { headers: privatePageHeaders });
}
