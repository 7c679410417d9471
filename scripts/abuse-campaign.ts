/**
 * An abuse campaign against a fresh stack with the default limits, as a stranger on the internet
 * would run it, for ABUSE_DURATION_SECONDS (60): recovery calls pumped at one phone, recovery codes
 * guessed, wrong passwords sprayed at a participant, and a self-owned account enrolling number after
 * number. Meanwhile the attacked participants sign in from their usual devices. It prints what the
 * campaign cost (messages sent, against the budgets) and whether anyone was kept out. Not a test:
 * the asserted versions of each attack live in tests/platform/identity.
 */
import { loadConfigFromEnv } from "../platform/identity/config.ts";
import { HttpBrowser } from "./bench/http-client.ts";
import { openIdentifyPage } from "./bench/sign-in.ts";
import { startStack, type Stack } from "./bench/stack.ts";

const DURATION_MS = Number(process.env.ABUSE_DURATION_SECONDS ?? 60) * 1000;
const participants = {
  ada: { email: "ada@example.test", password: "Sequence-Ada-2026", phone: "+15555550101", method: "sms" },
  carmen: { email: "carmen@example.test", password: "Voice-Carmen-Orchard", phone: "+15555550103", method: "voice" },
} as const;
const attackerOwnAccount = { email: "felix@example.test", password: "Enrol-Felix-Compass" };

type Message = { id: string; code?: string; channel: string };
const enrolledByAttacker = new Set<string>();
const stats = { attempts: 0, participantSignIns: 0, participantFailures: 0 };

async function outbox(stack: Stack, to: string): Promise<Message[]> {
  return (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(to)}`, stack.identityUrl))).json()) as Message[];
}

function onIdp(stack: Stack) {
  return (next: URL) => next.origin === new URL(stack.identityUrl).origin;
}

async function untilDeadline(deadline: number, attack: () => Promise<void>) {
  while (Date.now() < deadline) {
    stats.attempts += 1;
    await attack().catch(() => undefined);
  }
}

async function recoveryPage(stack: Stack, email: string, method: "sms" | "voice") {
  const browser = new HttpBrowser();
  const identify = await openIdentifyPage(browser, stack.portalUrl);
  const recoverPath = /href="([^"]*\/recover)"/.exec(identify.html)?.[1] ?? "";
  const recover = await browser.follow(await browser.request(new URL(recoverPath, identify.url)), new URL(recoverPath, identify.url));
  const page = { html: await recover.response.text(), url: recover.url };
  const select = await browser.submit(page, { email }, onIdp(stack));
  return { browser, page: await browser.submit(select, { authMethod: method }, onIdp(stack)) };
}

/** The participant's usual device: signed in once with 'Remember me', so later sign-ins need only the password. */
async function usualDevice(stack: Stack, who: (typeof participants)[keyof typeof participants]) {
  const browser = new HttpBrowser();
  const identify = await openIdentifyPage(browser, stack.portalUrl);
  let step = await browser.submit(identify, { username: who.email, password: who.password, rememberMe: "true" }, onIdp(stack));
  step = await browser.submit(step, { authMethod: who.method }, onIdp(stack));
  const [latest] = await outbox(stack, who.phone);
  await browser.submit(step, { intent: "verify", code: latest?.code ?? "" }, onIdp(stack));
  const device = browser.cookies.get(new URL(stack.identityUrl), "idp_device");
  if (!device) throw new Error(`${who.email}'s device was not remembered`);
  return device;
}

async function signInFromUsualDevice(
  stack: Stack,
  who: (typeof participants)[keyof typeof participants],
  device: string,
): Promise<boolean> {
  const browser = new HttpBrowser();
  browser.cookies.set(new URL(stack.identityUrl), "idp_device", device);
  const identify = await openIdentifyPage(browser, stack.portalUrl);
  const step = await browser.submit(identify, { username: who.email, password: who.password }, onIdp(stack));
  const location = step.response.headers.get("location") ?? "";
  return step.response.status >= 300 && step.response.status < 400 && location.includes("/auth/callback");
}

async function main() {
  const budgets = loadConfigFromEnv({}).sendingBudgets;
  console.log(`starting a fresh stack with the default limits; campaign of ${DURATION_MS / 1000} s`);
  const stack = await startStack({ logLevel: "warn" });
  try {
    const devices = { ada: await usualDevice(stack, participants.ada), carmen: await usualDevice(stack, participants.carmen) };
    const before = {
      ada: (await outbox(stack, participants.ada.phone)).length,
      carmen: (await outbox(stack, participants.carmen.phone)).length,
    };
    const deadline = Date.now() + DURATION_MS;
    let number = 0;
    await Promise.all([
      untilDeadline(deadline, async () => {
        const { browser, page } = await recoveryPage(stack, participants.carmen.email, "voice");
        await browser.submit(page, { intent: "resend" }, onIdp(stack));
      }),
      untilDeadline(deadline, async () => {
        const { browser, page } = await recoveryPage(stack, participants.ada.email, "sms");
        let step = page;
        for (let guess = 0; guess < 6; guess += 1)
          step = await browser.submit(step, { intent: "verify", code: String(guess).padStart(6, "0") }, onIdp(stack));
      }),
      untilDeadline(deadline, async () => {
        const browser = new HttpBrowser();
        const identify = await openIdentifyPage(browser, stack.portalUrl);
        await browser.submit(identify, { username: participants.ada.email, password: `wrong-${Math.random()}` }, onIdp(stack));
      }),
      untilDeadline(deadline, async () => {
        const browser = new HttpBrowser();
        const identify = await openIdentifyPage(browser, stack.portalUrl);
        const enrol = await browser.submit(
          identify,
          { username: attackerOwnAccount.email, password: attackerOwnAccount.password },
          onIdp(stack),
        );
        const phone = `+1555556${String(1000 + (number++ % 9000))}`;
        enrolledByAttacker.add(phone);
        await browser.submit(enrol, { phoneNumber: phone }, onIdp(stack));
      }),
      untilDeadline(deadline, async () => {
        for (const who of ["ada", "carmen"] as const) {
          const ok = await signInFromUsualDevice(stack, participants[who], devices[who]);
          stats.participantSignIns += 1;
          if (!ok) stats.participantFailures += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }),
    ]);

    const sent = { sms: 0, voice: 0 };
    const count = (messages: Message[]) =>
      messages.forEach((message) => message.channel in sent && (sent[message.channel as "sms" | "voice"] += 1));
    count((await outbox(stack, participants.ada.phone)).slice(0, -before.ada || undefined));
    count((await outbox(stack, participants.carmen.phone)).slice(0, -before.carmen || undefined));
    for (const phone of enrolledByAttacker) count(await outbox(stack, phone));
    const keptOut = stats.participantFailures > 0 ? 1 : 0;
    const hours = DURATION_MS / 3_600_000;
    console.log("\nAbuse campaign");
    console.log(`  attack requests                      ${stats.attempts}`);
    console.log(
      `  SMS sent                             ${sent.sms} (deployment budget ${budgets.deployment.sms.max}/hour, per number ${budgets.perNumber[0]?.max}/hour)`,
    );
    console.log(
      `  voice calls sent                     ${sent.voice} (deployment budget ${budgets.deployment.voice.max}/hour, per number ${budgets.perNumber[0]?.max}/hour)`,
    );
    console.log(
      `  numbers the attacker tried to enrol  ${enrolledByAttacker.size} (new numbers allowed ${budgets.newNumbersPerAccount.max}/day)`,
    );
    console.log(`  accounts a stranger kept out         ${keptOut}`);
    console.log(
      `  participants' own sign-ins          ${stats.participantSignIns - stats.participantFailures}/${stats.participantSignIns} (${((100 * (stats.participantSignIns - stats.participantFailures)) / Math.max(1, stats.participantSignIns)).toFixed(0)} %)`,
    );
    console.log(`  (campaign length ${(hours * 60).toFixed(1)} min)`);
  } finally {
    await stack.stop();
  }
}

await main();
