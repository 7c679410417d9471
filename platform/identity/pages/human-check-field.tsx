import type { HumanCheckView } from "../captcha/human-check.ts";
import { type Locale, type MessageKey, type Translate, translator } from "./i18n.ts";

export const HUMAN_CHECK_SCRIPT = "/assets/human-check.js";

/** A refused form's message; 'too soon' says how many seconds the page's ticket still waits (one second in the singular). */
export function humanCheckError(
  t: Translate,
  key: MessageKey,
  vars: { seconds: number; button: string } & Record<string, string | number>,
): string {
  return t(key === "humanCheck.tooSoon" && vars.seconds === 1 ? "humanCheck.tooSoonOne" : key, vars);
}

/** The security check: with JavaScript, /assets/human-check.js solves the proof of work; without, the wait ticket rides along. */
export function HumanCheckField({
  locale,
  view,
  buttonLabel,
  why,
}: {
  locale: Locale;
  view: HumanCheckView | undefined;
  buttonLabel: string;
  why?: string;
}) {
  if (!view) return null;
  const t = translator(locale);
  const seconds = view.waitSeconds;
  return (
    <fieldset
      className="human-check"
      id="humanCheck"
      data-human-check=""
      data-challenge-url="/api/captcha/challenge"
      data-working={t("humanCheck.working")}
      data-done={t("humanCheck.done")}
      data-failed={t("humanCheck.failed", { seconds, button: buttonLabel })}
    >
      <legend>{t("humanCheck.legend")}</legend>
      <p>{why ?? t("humanCheck.why")}</p>
      <p className="human-check-status" data-human-check-status="" role="status">
        {t(seconds === 1 ? "humanCheck.waitOne" : "humanCheck.wait", { seconds, button: buttonLabel })}
      </p>
      <input type="hidden" name="humanCheckTicket" value={view.ticket} />
      <input type="hidden" name="captchaToken" value="" />
    </fieldset>
  );
}
