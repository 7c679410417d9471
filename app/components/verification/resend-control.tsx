import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/button";
import * as styles from "~/components/profile/profile.css";
import { Tooltip } from "~/components/tooltip";
import { useHydrated } from "~/components/use-hydrated";
import { useSubmittingIntent } from "~/components/use-submitting-intent";
import { useTranslation } from "~/i18n/react";

/** Counts down in the browser from what the server says is left; the server refuses early resends anyway. */
function useSecondsLeft(initial: number): number {
  const [left, setLeft] = useState(initial);
  const [countedFrom, setCountedFrom] = useState(initial);
  if (countedFrom !== initial) {
    setCountedFrom(initial);
    setLeft(initial);
  }
  useEffect(() => {
    if (initial <= 0) return;
    const endsAt = Date.now() + initial * 1000;
    const timer = window.setInterval(() => {
      const next = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [initial]);
  return left;
}

/** 'Resend code', disabled with its tooltip while the lock runs (SPEC.md §4), posting `resend` to the step's own action. */
export function ResendControl({ action, secondsLeft }: { action: string; secondsLeft: number }) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const left = useSecondsLeft(secondsLeft);
  const busy = useSubmittingIntent("resend");
  const locked = left > 0;
  const button = (
    <Button type="submit" variant="link" disabled={locked} focusableWhenDisabled={hydrated} loading={busy}>
      {t("code.resend")}
    </Button>
  );
  return (
    <Form method="post" action={action} className={styles.actions}>
      <input type="hidden" name="intent" value="resend" />
      {locked ? (
        // Below the link: above it sits 'Verify', which the tooltip must never cover or take clicks from.
        <Tooltip text={t("code.resendTooltip")} placement="bottomStart">
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {locked ? <p className={styles.muted}>{t("code.resendAvailableIn", { seconds: left })}</p> : null}
    </Form>
  );
}
