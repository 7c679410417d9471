// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SignInMethods } from "~/components/profile/sign-in-methods";
import { CodeStep } from "~/components/verification/code-step";
import type { SignInFactors } from "~/domain/sign-in-factors";
import type { CodeStepView } from "~/domain/verification";
import { type Language, renderWithI18n } from "./render";

function renderStep(view: Partial<CodeStepView>, lng: Language = "en") {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CodeStep
          id="code-form"
          action="/"
          intent="verify"
          view={{ method: "sms", phoneNumber: "(***) ***-0142", resendSecondsLeft: 30, otherWays: [], ...view }}
          summaryTitle="There is a problem"
          submitLabel="Verify"
        />
      ),
    },
  ]);
  return renderWithI18n(<Stub />, { lng });
}

const help = async (name = "Didn't get a code?") => (await screen.findByText(name)).closest("details")!;

/** 'Didn't get a code?' on the portal's shared code step: its content for each participant. */
describe("the code step's help when a code does not arrive", () => {
  it("is a native disclosure naming the number, the delivery time, the other ways they have, Login & Security and support", async () => {
    renderStep({ otherWays: ["voice", "totp", "recovery"] });
    const details = await help();
    expect(details.tagName).toBe("DETAILS");
    const box = within(details);
    expect(box.getByText("We sent the code by text message to (***) ***-0142.")).toBeInTheDocument();
    expect(box.getByText(/can take up to 5 minutes/)).toBeInTheDocument();
    expect(box.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "a code by voice call",
      "your authenticator app",
      "a recovery code",
    ]);
    expect(box.getByRole("link", { name: "Login & Security" })).toHaveAttribute("href", "/profile/security");
    // The hours as the footer writes them.
    expect(box.getByText(/Monday to Friday, 6\sAM to 6\sPM Pacific:/)).toBeInTheDocument();
    expect(box.getByRole("link", { name: "(800) 555-0142" })).toHaveAttribute("href", "tel:+1-800-555-0142");
  });

  it("lists no other ways for a participant who has none", async () => {
    renderStep({ otherWays: [] });
    const box = within(await help());
    expect(box.queryByText("You can also confirm it's you with:")).toBeNull();
    expect(box.queryAllByRole("listitem")).toHaveLength(0);
  });

  it("lists a passkey only for a participant who has one", async () => {
    renderStep({ method: "voice", otherWays: ["sms", "passkey"] });
    const box = within(await help());
    expect(box.getByText("We are calling (***) ***-0142 with the code.")).toBeInTheDocument();
    expect(box.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["a code by text message", "a passkey"]);
  });

  it("is not shown for the authenticator app's code, nor is 'Resend code' (nothing was sent)", async () => {
    renderStep({ method: "totp", otherWays: ["sms"] });
    await screen.findByText("Enter the 6-digit code your authenticator app shows now.");
    expect(screen.queryByText("Didn't get a code?")).toBeNull();
    expect(screen.queryByRole("button", { name: "Resend code" })).toBeNull();
  });

  it("offers 'Resend code' for a code that was sent", async () => {
    renderStep({ method: "voice", resendSecondsLeft: 0 });
    expect(await screen.findByRole("button", { name: "Resend code" })).toBeInTheDocument();
  });

  it("speaks Spanish (usted) on a Spanish page", async () => {
    renderStep({ otherWays: ["totp"] }, "es");
    const box = within(await help("¿No recibió un código?"));
    expect(box.getByText("Le enviamos el código por mensaje de texto al (***) ***-0142.")).toBeInTheDocument();
    expect(box.getByRole("listitem")).toHaveTextContent("su aplicación de autenticación");
    expect(box.getByRole("link", { name: "Inicio de sesión y seguridad" })).toHaveAttribute("href", "/profile/security");
  });
});

const phoneOnly: SignInFactors = {
  phone: "(***) ***-0142",
  phoneMethods: ["sms", "voice"],
  totp: false,
  recoveryCodesLeft: 10,
  lastFactor: null,
  freshUntil: null,
  events: [],
  passkeys: [],
  pendingPhoneChange: null,
};

function renderMethods(factors: SignInFactors) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <SignInMethods factors={factors} serverTimeZone="UTC" /> }]);
  return renderWithI18n(<Stub />);
}

/** NIST SP 800-63B-4 restricts codes by text and call: Login & Security says so where the phone is all they have. */
describe("Login & Security for a participant relying on their phone alone", () => {
  it("says so and offers an authenticator app", async () => {
    renderMethods(phoneOnly);
    const notice = (await screen.findByRole("heading", { name: "Your phone is your only second step" })).closest("aside")!;
    expect(within(notice).getByText(/least safe way/)).toBeInTheDocument();
    expect(within(notice).getByRole("button", { name: "Use an authenticator app" })).toBeInTheDocument();
  });

  it("says nothing once they have an authenticator app", async () => {
    renderMethods({ ...phoneOnly, totp: true });
    await screen.findByRole("heading", { name: "Sign-in methods" });
    expect(screen.queryByText("Your phone is your only second step")).toBeNull();
  });

  it("says nothing once they have a passkey", async () => {
    renderMethods({ ...phoneOnly, passkeys: [{ id: "p1", name: "Laptop", createdAt: "2026-01-01T00:00:00.000Z", lastUsedAt: null }] });
    await screen.findByRole("heading", { name: "Sign-in methods" });
    expect(screen.queryByText("Your phone is your only second step")).toBeNull();
  });
});
