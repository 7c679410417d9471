import { setTimeout as sleep } from "node:timers/promises";
import type { Browser, Page, Response } from "@playwright/test";
import type { SignInAccount as Person } from "../../tests/support/sign-in.ts";
import type { Stack } from "../../tests/support/stack.ts";

export type Mode = "js" | "no-js";

/** One page state as the browser had it: the served document without JavaScript, the live DOM with it. */
export interface Capture {
  name: string;
  mode: Mode;
  html: string;
}

/**
 * Walks the states the end-to-end suites cover, in one mode: the hosted sign-in pages and their
 * refusals, the portal's pages for participants in different states, its profile, Login & Security
 * steps, studies, shares, accessibility, and the error pages.
 */
export async function walk(
  browser: Browser,
  mode: Mode,
  urls: Pick<Stack, "portalUrl" | "identityUrl">,
  people: Record<string, Person>,
): Promise<{ captures: Capture[]; missed: string[] }> {
  const captures: Capture[] = [];
  const missed: string[] = [];
  const javaScriptEnabled = mode === "js";

  async function session(run: (page: Page, capture: (name: string) => Promise<void>) => Promise<void>, language: "en" | "es" = "en") {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1366, height: 900 } });
    if (language === "es")
      await context.addCookies([{ name: "lang", value: Buffer.from(JSON.stringify("es")).toString("base64"), url: urls.portalUrl }]);
    const page = await context.newPage();
    let lastDocument: Response | null = null;
    // The last document the browser was given (a redirect has no body to check).
    page.on("response", (response) => {
      const status = response.status();
      if (response.request().resourceType() === "document" && response.frame() === page.mainFrame() && (status < 300 || status >= 400))
        lastDocument = response;
    });
    const capture = async (name: string) => {
      await page.waitForLoadState("load");
      if (javaScriptEnabled) {
        await hydrated(page);
        captures.push({ name, mode, html: await page.content() });
      } else {
        if (!lastDocument) throw new Error(`no document for ${name}`);
        captures.push({ name, mode, html: await lastDocument.text() });
      }
    };
    try {
      await run(page, capture);
    } finally {
      await context.close();
    }
  }

  /** With JavaScript, once React Router has hydrated a portal page (a hosted page has no router: at once). */
  const hydrated = (page: Page) =>
    page
      .waitForFunction(
        () => {
          const router = (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter;
          return !router || router.state.initialized;
        },
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);

  const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name, level: 1 }).waitFor();

  /** Each page of `pages` in turn, captured once its main heading is there (`headed`) or once loaded. */
  async function visit(page: Page, capture: (name: string) => Promise<void>, pages: readonly (readonly [string, string])[], headed = true) {
    for (const [path, name] of pages) {
      await page.goto(`${urls.portalUrl}${path}`);
      if (headed) await page.getByRole("heading", { level: 1 }).first().waitFor();
      await capture(name);
    }
  }

  /** A state further along a flow: when it cannot be reached, the run says so and goes on with the others. */
  async function optional(name: string, reach: () => Promise<void>) {
    try {
      await reach();
    } catch (error) {
      missed.push(`[${mode}] ${name}: ${(error as Error).message.split("\n")[0]}`);
    }
  }

  /** Without JavaScript the security check is a stated wait; with it, a proof of work the page solves. */
  async function passHumanCheck(page: Page) {
    if (javaScriptEnabled) await page.getByText("Check complete. You can continue.").waitFor({ timeout: 30_000 });
    else await page.waitForTimeout(2_500);
  }

  async function identify(page: Page, person: Person) {
    await page.getByLabel("Email address").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  const outbox = async (to: string) =>
    (await (await fetch(`${urls.identityUrl}/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { id: string | number; code: string }[];
  const outboxIds = async (to: string) => new Set((await outbox(to)).map((message) => String(message.id)));

  async function latestCode(phone: string, after: Set<string>): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const fresh = (await outbox(phone)).find((message) => !after.has(String(message.id)));
      if (fresh) return fresh.code;
      await sleep(100);
    }
    throw new Error(`no code reached ${phone}`);
  }

  /** Signs in through the hosted pages (password, then a text message code), capturing the steps when asked. */
  async function signIn(page: Page, person: Person, capture?: (name: string) => Promise<void>) {
    await page.goto(urls.portalUrl);
    await heading(page, "Sign in");
    await identify(page, person);
    await heading(page, "Verify it's you");
    await capture?.("hosted: verify it's you (method choice)");
    const before = await outboxIds(person.phone!);
    // A participant with no other method is asked for no choice.
    const text = page.getByRole("radio", { name: "Text Message" });
    if (await text.count()) await text.check();
    await page.getByRole("button", { name: "Send code" }).click();
    await heading(page, "Enter the code");
    await capture?.("hosted: enter the code");
    if (capture) {
      await page.getByLabel("Authentication code").fill("000000");
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await page.getByRole("link", { name: /not correct/ }).waitFor();
      await capture("hosted: enter the code, wrong code");
    }
    await page.getByLabel("Authentication code").fill(await latestCode(person.phone!, before));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.waitForURL((url) => url.toString().startsWith(urls.portalUrl) && !url.pathname.startsWith("/auth/"));
  }

  // The hosted pages that need no account, and their refusals.
  await session(async (page, capture) => {
    await page.goto(urls.portalUrl);
    await heading(page, "Sign in");
    await capture("hosted: sign in");
    await identify(page, { email: "nobody.check-html@example.test", password: "not-the-password", phone: null });
    await page.getByRole("link", { name: "The email address or password is not correct" }).waitFor();
    await capture("hosted: sign in, wrong password");
    await page.getByRole("link", { name: "Create an account" }).click();
    await heading(page, "Create an account");
    await capture("hosted: create an account");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "There is a problem" }).waitFor();
    await capture("hosted: create an account, errors");
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await heading(page, "Reset your password");
    await capture("hosted: reset your password (e-mail)");
    await page.getByLabel("Email address").fill("not-an-address");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "There is a problem" }).waitFor();
    await capture("hosted: reset your password, malformed e-mail");
    await page.getByLabel("Email address").fill(people.iris!.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "Verify it's you");
    await capture("hosted: reset your password, method choice with the security check");
    await optional("hosted: reset your password, code and new password", async () => {
      await page.getByRole("radio", { name: "Text Message" }).check();
      await passHumanCheck(page);
      const before = await outboxIds(people.iris!.phone!);
      await page.getByRole("button", { name: "Send code" }).click();
      await heading(page, "Enter the code");
      await capture("hosted: reset your password, enter the code");
      await page.getByLabel("Authentication code").fill(await latestCode(people.iris!.phone!, before));
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await heading(page, "Choose a new password");
      await capture("hosted: reset your password, new password");
      await page.getByLabel("New password", { exact: true }).fill("one-new-passphrase-here");
      await page.getByLabel("Confirm new password").fill("another-passphrase-there");
      await page.getByRole("button", { name: "Update password" }).click();
      await page.getByRole("heading", { name: "There is a problem" }).waitFor();
      await capture("hosted: reset your password, passwords that differ");
    });
    await page.goto(`${urls.identityUrl}/interaction/no-such-interaction`);
    await capture("hosted: sign-in session lost");
  });

  // Registration as far as its e-mail step (the account itself is the end-to-end suite's).
  await session(async (page, capture) => {
    await optional("hosted: create an account, check your email", async () => {
      await page.goto(urls.portalUrl);
      await page.getByRole("link", { name: "Create an account" }).click();
      const password = `Check-html-passphrase-${mode}`;
      await page.getByLabel("Email address").fill(`check-html.${mode}.${Date.now()}@example.test`);
      await page.getByLabel("First name").fill("Vera");
      await page.getByLabel("Last name").fill("Validator");
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Confirm password").fill(password);
      await page.getByRole("button", { name: "Create account" }).click();
      await heading(page, "Check your email");
      await capture("hosted: create an account, check your email");
    });
  });

  // A participant with recovery codes: the page that takes one.
  await session(async (page, capture) => {
    await optional("hosted: use a recovery code", async () => {
      await page.goto(urls.portalUrl);
      await identify(page, people["rory.recovery"]!);
      await page.getByRole("link", { name: "Use a recovery code" }).click();
      await page.getByRole("heading", { level: 1 }).waitFor();
      await capture("hosted: use a recovery code");
    });
  });

  // A participant without a phone: the phone page and its refusal.
  await session(async (page, capture) => {
    await page.goto(urls.portalUrl);
    await heading(page, "Sign in");
    await identify(page, people.felix!);
    await heading(page, "Add a phone number");
    await capture("hosted: add a phone number");
    await page.getByLabel("Phone number for two-factor authentication").fill("12345");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByRole("heading", { name: "There is a problem" }).waitFor();
    await capture("hosted: add a phone number, invalid number");
  });

  // A participant with every step done: the portal's pages.
  await session(async (page, capture) => {
    await signIn(page, people.ada!, capture);
    await capture("portal: My Results (all steps, four cards)");
    await visit(page, capture, [
      ["/profile", "portal: profile"],
      ["/profile/overview", "portal: profile overview"],
      ["/profile/security", "portal: Login & Security"],
      ["/profile/security/factors", "portal: Login & Security, sign-in methods"],
      ["/profile/security/notifications", "portal: Login & Security, notifications"],
      ["/profile/security/sessions", "portal: Login & Security, sessions"],
      ["/profile/studies", "portal: My Studies"],
      ["/profile/studies/withdraw", "portal: My Studies, withdraw"],
      ["/shares", "portal: shares"],
      ["/shares/new", "portal: shares, new"],
      ["/accessibility", "portal: accessibility"],
      ["/privacy-choices", "portal: privacy choices"],
      ["/results/english-only", "portal: English-only notice"],
      ["/no-such-page", "portal: 404"],
    ]);
    await optional("portal: update password, its steps", async () => {
      await page.goto(`${urls.portalUrl}/profile/security`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Update Password" }).click();
      await page.waitForURL(/\/profile\/security\/password$/);
      const area = javaScriptEnabled ? page.getByRole("dialog", { name: "Update Password" }) : page.getByRole("main");
      await area.getByRole("radio", { name: "Text Message" }).check();
      await capture("portal: Login & Security, update password, how to get the code");
      await area.getByRole("button", { name: "Send code" }).click();
      await area.getByLabel("Authentication code").waitFor();
      await capture("portal: Login & Security, update password, enter the code");
      await area.getByLabel("Authentication code").fill("000000");
      await area.getByRole("button", { name: "Verify", exact: true }).click();
      await area
        .getByText(/not correct/)
        .first()
        .waitFor();
      await capture("portal: Login & Security, update password, wrong code");
    });
    await optional("portal: a share of a result", async () => {
      await page.goto(urls.portalUrl);
      await page
        .getByRole("link", { name: /^Share with a clinician/ })
        .first()
        .click();
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await capture("portal: share a result, the form");
      await page.getByRole("button", { name: "Create share" }).click();
      await page.getByRole("heading", { name: "There is a problem" }).first().waitFor();
      await capture("portal: share a result, errors");
      await page.getByLabel("Who is it for?").fill("Dr. Validator");
      await page.getByRole("radio", { name: "7 days" }).check();
      await page.getByRole("button", { name: "Create share" }).click();
      await page.locator("[data-share-code]").waitFor();
      await capture("portal: share a result, created");
    });
  });

  // Spanish: the hosted sign-in and the portal for a participant who prefers it.
  await session(async (page, capture) => {
    const lucia = people.lucia!;
    await page.goto(urls.portalUrl);
    await heading(page, "Iniciar sesión");
    await capture("hosted (es): sign in");
    await page.getByLabel("Correo electrónico").fill(lucia.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(lucia.password);
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await heading(page, "Verifique su identidad");
    await capture("hosted (es): verify it's you");
    const before = await outboxIds(lucia.phone!);
    await page.getByRole("radio", { name: "Mensaje de texto" }).check();
    await page.getByRole("button", { name: "Enviar código" }).click();
    await heading(page, "Introduzca el código");
    await capture("hosted (es): enter the code");
    await page.getByLabel("Código de autenticación").fill(await latestCode(lucia.phone!, before));
    await page.getByRole("button", { name: "Verificar", exact: true }).click();
    await page.waitForURL((url) => url.toString().startsWith(urls.portalUrl) && !url.pathname.startsWith("/auth/"));
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await capture("portal (es): Mis resultados");
    await visit(page, capture, [
      ["/profile", "portal (es): profile"],
      ["/profile/security", "portal (es): Login & Security"],
      ["/profile/studies", "portal (es): My Studies"],
    ]);
  }, "es");

  // Participants in other states: the empty state, the waiting state, results not ready.
  for (const [who, name] of [
    ["greta", "portal: My Results, no apps (what comes next)"],
    ["bruno", "portal: My Results, kit status 0"],
    ["carmen", "portal: My Results, results not ready"],
  ] as const) {
    const person = people[who]!;
    if (!person.phone) continue;
    await session(async (page, capture) => {
      await signIn(page, person);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await capture(name);
    });
  }

  // The error and signed-out pages, with nobody signed in.
  await session(async (page, capture) => {
    await visit(
      page,
      capture,
      [
        ["/session-expired", "portal: session expired"],
        ["/results-link", "portal: results link without a token"],
        [`/auth/callback?code=abc&state=${"b".repeat(64)}`, "portal: sign-in callback without a transaction"],
        ["/auth/signed-out?reason=cancelled", "portal: signed out after 'Cancel'"],
      ],
      false,
    );
  });

  return { captures, missed };
}
