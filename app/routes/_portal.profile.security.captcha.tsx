import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { captchaChallenge } from "~/services/captcha.server";
import { privatePageHeaders, requireParticipant } from "~/services/session.server";

/** The invisible captcha's challenge, fetched same-origin (the page's CSP allows connect-src 'self' only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireParticipant(request, context);
  const challenge = await captchaChallenge(context.requestId);
  if (!challenge) return json({ challenge: null }, { status: 503, headers: privatePageHeaders });
  return json({ challenge }, { headers: privatePageHeaders });
}
