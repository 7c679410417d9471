import { useEffect, type RefObject } from "react";
import { useHydrated } from "~/components/use-hydrated";
import type { StepReply } from "~/domain/password-update-view";

const FIRST_FIELD = "input:not([type=hidden]):not([hidden]):not([disabled])";

/**
 * With JavaScript the steps replace each other inside one modal, so the control that had focus
 * disappears with its step. Each new step, and each answer that stays on it without field errors
 * (a code sent again, a notice), puts focus on the step's first field, never on <body>. Field errors
 * are the error summary's to announce: it takes focus itself.
 */
export function useStepFocus(step: string, reply: StepReply | undefined, container: RefObject<HTMLElement | null>) {
  const hydrated = useHydrated();
  const fieldErrors = Object.values(reply?.result?.error ?? {}).some((errors) => errors?.length);
  const answerWithoutFieldErrors = reply && !fieldErrors ? reply : undefined;
  useEffect(() => {
    const root = container.current;
    if (!hydrated || !root) return;
    root.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [hydrated, step, answerWithoutFieldErrors, container]);
}
