import { data, redirect } from "react-router";
import { preferencesFromForm } from "~/domain/notification-preferences";
import { SECURITY_PATH } from "~/domain/password-update-view";
import { env } from "~/services/env.server";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { saveNotificationPreferences, WITHDRAWN } from "~/services/notification-preferences.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.profile.security_.notifications";

/** The settings are a section of Login & Security; this address only takes their form (that page checks who may see it). */
export function loader() {
  return redirect(SECURITY_PATH, { status: 303 });
}

/** Saves the kit e-mail and research-update settings, then back to Login & Security saying whether they were saved. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  if (!env.FEATURE_LOGIN_SECURITY) throw data(null, { status: 404 });
  const preferences = preferencesFromForm(await readForm(request));
  // Only a form changed by hand sends a value the section does not offer.
  if (!preferences) throw data(null, { status: 400 });
  const saved = await saveNotificationPreferences(session, preferences);
  return redirectWithNotice(
    SECURITY_PATH,
    saved === WITHDRAWN
      ? { type: "error", titleKey: "profile:researchUpdates.withdrawnRefused" }
      : saved
        ? { type: "success", titleKey: "profile:notifications.saved" }
        : { type: "error", titleKey: "profile:notifications.notSaved" },
  );
}
