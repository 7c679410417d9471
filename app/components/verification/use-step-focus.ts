import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "~/components/use-hydrated";

const FIRST_FIELD = "input:not([type=hidden]):not([hidden]):not([disabled])";
/** A step with no field (the recovery codes, a passkey's button) starts at its first control. */
const FIRST_CONTROL = "a[href], button:not([disabled])";

/**
 * Steps replace each other in place, taking the focused control with them: each new step, and each answer
 * without field errors (the error summary takes focus for those), focuses the step's first field or control.
 * A participant already in a field of the step the server drew keeps their place. The ref goes on the step's area.
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
