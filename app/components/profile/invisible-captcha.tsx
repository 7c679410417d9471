import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import { useEffect, useRef, useState } from "react";
import { CAPTCHA_CHALLENGE_PATH } from "~/domain/password-update-view";

/** Solves a fresh challenge and answers the token the identity provider verifies (base64 JSON). */
async function solveFresh(controller: AbortController): Promise<{ token: string; expiresAt: number | null } | null> {
  const response = await fetch(CAPTCHA_CHALLENGE_PATH, { headers: { Accept: "application/json" }, signal: controller.signal });
  if (!response.ok) return null;
  const { challenge } = (await response.json()) as { challenge: Challenge | null };
  if (!challenge) return null;
  const solution = await solveChallenge({ challenge, deriveKey, controller });
  if (!solution) return null;
  const token = btoa(JSON.stringify({ challenge, solution }));
  const expiresAt = challenge.parameters.expiresAt ? challenge.parameters.expiresAt * 1000 : null;
  return { token, expiresAt };
}

/** A new challenge to solve, with no token until it is. */
const nextRound = ({ round }: { round: number }) => ({ token: "", round: round + 1 });

/** Solved invisibly on load and on expiry, its token in a hidden field; left empty, the provider's throttling is the gate. */
export function InvisibleCaptchaField() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [{ token, round }, setCaptcha] = useState({ token: "", round: 0 });
  // A solution is accepted once: after each submit, solve a new one for the next.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const renew = () => window.setTimeout(() => setCaptcha(nextRound), 0);
    form.addEventListener("submit", renew);
    return () => form.removeEventListener("submit", renew);
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    let expiryTimer: number | undefined;
    solveFresh(controller)
      .then((solved) => {
        if (!solved || controller.signal.aborted) return;
        setCaptcha((current) => ({ ...current, token: solved.token }));
        if (solved.expiresAt)
          expiryTimer = window.setTimeout(() => setCaptcha(nextRound), Math.max(1000, solved.expiresAt - Date.now() - 5000));
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (expiryTimer) window.clearTimeout(expiryTimer);
    };
  }, [round]);
  return <input ref={inputRef} type="hidden" name="captchaToken" value={token} />;
}
