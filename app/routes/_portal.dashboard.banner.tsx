import { redirect } from "react-router";
import { DismissBannerSchema } from "~/domain/dashboard-banner";
import { readForm } from "~/services/form-body.server";
import { bannerDismissedFlag, setParticipantFlag } from "~/services/participant-flags.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.dashboard.banner";

export function loader() {
  return redirect("/");
}

/** Remembers a dismissed banner for this participant on every device (SPEC.md §2 'My Results'). */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  const parsed = DismissBannerSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return Response.json({ dismissed: false }, { status: 400 });
  await setParticipantFlag(session.userId, bannerDismissedFlag(parsed.data.banner));
  if (parsed.data.respond === "data") return Response.json({ dismissed: true });
  return redirect("/", { status: 303 });
}
