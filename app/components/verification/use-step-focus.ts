import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "~/components/use-hydrated";

const FIRST_FIELD = "input:not([type=hidden]):not([hidden]):not([disabled])";
/** A step with no field (the recovery codes, a passkey's button) starts at its first control. */
const FIRST_CONTROL = "a[href], button:not([disabled])";

/**
 * With JavaScript the steps replace each other in place (a modal, a card), so the control that had focus
 * disappears with its step. Each new step, and each answer that stays on it without field errors
 * (a code sent again, a notice), puts focus on the step's first field (or control), never on <body>. Field errors
 * are the error summary's to announce: it takes focus itself. When the script arrives on a step the
 * server drew, a participant already in one of its fields keeps their place. The ref goes on the step's area.
 */
export function useStepFocus(step: string, reply: { result?: SubmissionResult<string[]> } | undefined) {
  const container = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const fieldErrors = Object.values(reply?.result?.error ?? {}).some((errors) => errors?.length);
  const answerWithoutFieldErrors = reply && !fieldErrors ? reply : undefined;
  const hydratedBefore = useRef(hydrated);
  useEffect(() => {
    const root = container.current;
    const justHydrated = !hydratedBefore.current;
    hydratedBefore.current = hydrated;
    if (!hydrated || !root) return;
    if (justHydrated && root.contains(document.activeElement)) return;
    (root.querySelector<HTMLElement>(FIRST_FIELD) ?? root.querySelector<HTMLElement>(FIRST_CONTROL))?.focus();
  }, [hydrated, step, answerWithoutFieldErrors]);
  return container;
}
