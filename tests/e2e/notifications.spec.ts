import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { outboxFor } from "./support/outbox";
import { identityUrl, resultsUrl } from "./support/stack";

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

type KitStepMessage = { id: number; subject?: string; body?: string; purpose: string; headers?: Record<string, string> };

async function kitStepMessages(email: string): Promise<KitStepMessage[]> {
  return ((await outboxFor(email)) as unknown as KitStepMessage[]).filter((message) => message.purpose === "kit-step");
}

async function moveKit(userId: string, step?: number) {
  const response = await fetch(`${resultsUrl}/dev/kits/${userId}/step`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(step === undefined ? {} : { step }),
  });
  expect(response.status).toBe(200);
}

test.describe("kit-step notification settings on Login & Security", () => {
  test("a participant turns a step off and e-mail off, in English and Spanish, and the page keeps the choice", async ({
    page,
    participant,
    signedIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signedIn(page, await participant("carmen"), { path: "/profile/security" });
    const section = page.getByRole("region", { name: "Notifications" });
    await expect(section).toContainText("The e-mail never includes your results");
    const email = section.getByRole("checkbox", { name: "E-mail me when my kit reaches a new step" });
    const steps = section.getByRole("group", { name: "Which steps" });
    const sequencing = steps.getByRole("checkbox", { name: "Sequencing complete" });
    await expect(email).toBeChecked();
    await expect(sequencing).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    await sequencing.uncheck();
    await email.uncheck();
    await section.getByRole("button", { name: "Save notification settings" }).click();
    await expect(page.getByText("Your notification settings are saved.")).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Notifications" }).getByRole("checkbox", { name: "Sequencing complete" }),
    ).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "E-mail me when my kit reaches a new step" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Health results ready" })).toBeChecked();

    // In Spanish, on a phone: the same settings, worded in Spanish; turned back on.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/profile/security?lang=es");
    const seccion = page.getByRole("region", { name: "Notificaciones" });
    await expect(seccion.getByRole("group", { name: "Qué pasos" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);
    await seccion.getByRole("checkbox", { name: "Enviarme un correo cuando mi kit llegue a un nuevo paso" }).check();
    await seccion.getByRole("checkbox", { name: "Secuenciación completa" }).check();
    await seccion.getByRole("button", { name: "Guardar las preferencias de notificación" }).click();
    await expect(page.getByText("Se guardaron sus preferencias de notificación.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Secuenciación completa" })).toBeChecked();
  });
});

test.describe("kit-step e-mails and their one-click unsubscribe", () => {
  test("a kit moving on e-mails the participant once, and the e-mail's unsubscribe page works without signing in", async ({
    page,
    participant,
  }) => {
    // The kit goes back a step and on again, to its last step.
    const person = await participant("ada");
    const before = new Set((await kitStepMessages(person.email)).map((message) => message.id));
    await moveKit(person.userId, 4);
    await moveKit(person.userId);
    let fresh: KitStepMessage[] = [];
    await expect
      .poll(async () => (fresh = (await kitStepMessages(person.email)).filter((message) => !before.has(message.id))).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const [message] = fresh;
    expect(message!.subject).toBe("An update on your DNA kit");
    expect(message!.body).toContain("Health results ready");
    expect(message!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(message!.headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(link).toMatch(new RegExp(`^${identityUrl}/notifications/unsubscribe\\?token=`));

    // Spanish first: the page only shows the button (a link scanner following it changes nothing).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(link!.replace("lang=en", "lang=es"));
    await expect(page.getByRole("heading", { level: 1, name: "Dejar de recibir correos sobre su kit" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancelar la suscripción" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Stop e-mails about your kit" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("You will no longer get e-mails");
    await expectNoSeriousA11yViolations(page);

    // Unsubscribed: the next step is not e-mailed.
    await moveKit(person.userId, 4);
    await moveKit(person.userId);
    await page.goto(link!.replace(/token=[^&]+/, "token=broken"));
    await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Another participant's kit moving after it: once that e-mail is out, the step before it has been decided.
    const other = await participant("ada");
    const otherBefore = new Set((await kitStepMessages(other.email)).map((each) => each.id));
    await moveKit(other.userId, 4);
    await moveKit(other.userId);
    await expect
      .poll(async () => (await kitStepMessages(other.email)).filter((each) => !otherBefore.has(each.id)).length, { timeout: 20_000 })
      .toBe(1);
    expect((await kitStepMessages(person.email)).filter((each) => !before.has(each.id))).toHaveLength(1);
  });
});
