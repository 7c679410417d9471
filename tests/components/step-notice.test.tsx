// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StepNotice } from "~/components/profile/step-notice";
import { sendCodeFailure } from "~/domain/password-update-errors";
import { renderWithI18n } from "./render";

/** What the account API said, shown in the page's language from its code (never the API's English). */
describe("StepNotice for an account API error", () => {
  const failure = sendCodeFailure({
    errorCode: "resendWait",
    errorMessage: "Please wait 12 seconds before requesting a new code.",
    errorValues: { seconds: 12 },
  });
  if (failure.kind !== "notice") throw new Error("expected a notice");

  it("speaks Spanish on a Spanish page, with the seconds filled in", () => {
    renderWithI18n(<StepNotice notice={failure.notice} />, { lng: "es" });
    expect(screen.getByText("Espere 12 segundos antes de pedir un código nuevo.")).toBeInTheDocument();
    expect(screen.queryByText(/Please wait/)).toBeNull();
  });

  it("speaks English on an English page", () => {
    renderWithI18n(<StepNotice notice={failure.notice} />, { lng: "en" });
    expect(screen.getByText("Please wait 12 seconds before requesting a new code.")).toBeInTheDocument();
  });
});
