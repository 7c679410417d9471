import { expect, type Page } from "@playwright/test";
import { participant, type DemoParticipant } from "../../support/demo-participants";
import { codesSince, outboxMarker } from "./outbox";
import { portalUrl } from "./stack";

type Method = "sms" | "voice";
export type SignInOptions = { method?: Method; path?: string };

/** Fills the IdP's identify page (the browser is already there). */
export async function identify(page: Page, person: DemoParticipant, password = person.password) {
  await page.getByLabel("Email address").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Chooses the method, reads the code from the outbox and enters it. Another test may be signing the
 * same participant in at the same time, so every code sent since the marker is tried, newest first.
 */
export async function passChallenge(page: Page, phone: string, method: Method) {
  const marker = await outboxMarker(phone);
  const methodChoice = page.getByRole("radio", { name: method === "sms" ? "Text Message" : "Voice Call" });
  if (await methodChoice.count()) await methodChoice.check();
  // 'Continue' when the participant also has an authenticator app to choose.
  await page.getByRole("button", { name: /^(Send code|Continue)$/ }).click();
  await expect(page.getByRole("heading", { name: "Enter the code" })).toBeVisible();
  for (const message of await codesSince(phone, marker)) {
    await page.getByLabel("Authentication code").fill(message.code);
    await page.getByRole("button", { name: "Verify" }).click();
    const rejected = page.getByText("The code entered is not correct", { exact: false });
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.includes("/interaction/") || url.toString().startsWith(portalUrl)).then(() => "left" as const),
      rejected
        .first()
        .waitFor()
        .then(() => "rejected" as const),
    ]);
    if (outcome === "rejected") continue;
    return;
  }
  throw new Error("no code from the outbox was accepted");
}

/**
 * Signs a participant in through the hosted pages, starting from `path` on the portal: a demo
 * participant by e-mail, or one a test created.
 */
export async function signIn(page: Page, email: string, options?: SignInOptions): Promise<DemoParticipant>;
export async function signIn<Person extends DemoParticipant>(page: Page, person: Person, options?: SignInOptions): Promise<Person>;
export async function signIn(page: Page, who: string | DemoParticipant, options: SignInOptions = {}): Promise<DemoParticipant> {
  const person = typeof who === "string" ? participant(who) : who;
  await page.goto(options.path ?? "/");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await identify(page, person);
  if (!person.phone) throw new Error(`${person.email} has no phone; use the enrolment flow`);
  await passChallenge(page, person.phone, options.method ?? (person.phoneMethods.includes("sms") ? "sms" : "voice"));
  await page.waitForURL((url) => url.toString().startsWith(portalUrl));
  return person;
}
