import { data } from "react-router";
import { letterLanguage } from "~/domain/family-letter";
import { openFamilyLetterPdf } from "~/services/family-letters.server";
import { languageOf } from "~/services/language.server";
import { participantSession } from "~/services/session.server";
import { passedOnFile } from "~/services/upstream.server";
import type { Route } from "./+types/_portal.results.family-letter[.pdf]";

/** The participant's family letter as a tagged PDF (`?letter=`, `?in=`), streamed from the results service. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const letterId = url.searchParams.get("letter") ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(letterId)) throw data(null, { status: 404 });
  const language = letterLanguage(url.searchParams.get("in"), languageOf(context));
  const file = await openFamilyLetterPdf(session, letterId, language, request.signal);
  const passed = await passedOnFile(request, file, { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" });
  if (passed) return passed;
  throw data(null, { status: file.answered && file.status === 404 ? 404 : 503 });
}
