/**
 * An abuse campaign against a fresh stack with the default limits, as a stranger on the internet
 * would run it, for ABUSE_DURATION_SECONDS (60): recovery calls pumped at one phone, recovery codes
 * guessed, wrong passwords sprayed at a participant, a self-owned account enrolling number after
 * number, 64 self-registered accounts (from as many addresses, as a botnet would) enrolling phones
 * and asking for sign-in texts to drain what registrations may send, and recovery started again and
 * again against a participant's e-mail (the security check solved each time). Meanwhile the attacked
 * participants sign in from their usual devices, and with a fresh code from a new browser. Then an
 * unknown e-mail's recovery answers are compared with an untouched participant's, and a stranger
 * guesses eight wrong voice recovery codes over two calls before the participant recovers her own
 * account with the right code (the stranger's next code then waits). Last, a code the participant
 * passed in her own session is tried from a second session of hers (a stolen one) to change her phone
 * number or add an app, and a withdrawal's code to open a factor change (abuse-stolen-session.ts). It prints what the
 * campaign cost (messages sent, against the budgets) and whether every participant still got their
 * code and signed in. Not a test: the asserted versions of each attack live in tests/platform/identity.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { loadConfigFromEnv } from "../platform/identity/config.ts";
import { HttpBrowser } from "../tests/support/http-client.ts";
import { openIdentifyPage } from "../tests/support/sign-in.ts";
import { startStack, type Stack } from "../tests/support/stack.ts";
import { visibleText } from "../tests/support/visible-text.ts";
import { atHome, BrowserAt as BotBrowser, onIdp, outbox, replayStolenSession, stolenSessionRefused } from "./abuse-stolen-session.ts";

const DURATION_MS = Number(process.env.ABUSE_DURATION_SECONDS ?? 60) * 1000;
const participants = {
  ada: { email: "ada@example.test", password: "Sequence-Ada-2026", phone: "+15555550101", method: "sms" },
  carmen: { email: "carmen@example.test", password: "Voice-Carmen-Orchard", phone: "+15555550103", method: "voice" },
} as const;
type Participant = (typeof participants)[keyof typeof participants];
const attackerOwnAccount = { email: "felix@example.test", password: "Enrol-Felix-Compass" };
/** Self-registered by the stranger, each from an address of its own. */
const REGISTERED_ACCOUNTS = 64;
/** A participant nobody attacks, for comparing an unknown e-mail's recovery answers with a real one's. */
const untouched = "bruno@example.test";
/** Item 4: a participant whose recovery codes a stranger guesses, before recovering her own account. */
const guessedAt = { email: "elena@example.test", phone: "+15555550105" };
/** Item 3: a participant whose passed code a second session of hers (a stolen one) tries to use. */
const twoSessions = { email: "greta@example.test", password: "Empty-Greta-Willow", phone: "+15555550108" };

const enrolledByAttacker = new Set<string>();
const registeredNumbers = new Set<string>();
const stats = {
  attempts: 0,
  participantSignIns: 0,
  participantFailures: 0,
  codeSignIns: 0,
  codeSignInFailures: 0,
  registered: 0,
  registeredTexts: 0,
  registeredRefused: 0,
  recoveryStarts: 0,
  recoveryRefused: 0,
  /** Item 4: the participant's own recovery after a stranger's wrong codes, and the stranger's next code. */
  ownRecoveryAfterGuesses: false,
  strangerWaited: false,
};

/** What the hosted pages' script does: fetch a proof-of-work challenge, solve it, encode the token. */
async function solvedCheck(stack: Stack): Promise<string> {
  const challenge = (await (await fetch(new URL("/api/captcha/challenge", stack.identityUrl))).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** The identify page reached from the portal, its password step submitted with `fields`. */
async function passwordStep(stack: Stack, browser: HttpBrowser, fields: Record<string, string>) {
  return browser.submit(await openIdentifyPage(browser, stack.portalUrl), fields, onIdp(stack));
}

/** The page the identify page links to at `.../name` (recovery, registration). */
async function linkedPage(stack: Stack, browser: HttpBrowser, name: string) {
  const identify = await openIdentifyPage(browser, stack.portalUrl);
  return openIdentifyPage(browser, identify.url.href, new RegExp(`href="([^"]*/${name})"`).exec(identify.html)?.[1] ?? "");
}

async function untilDeadline(deadline: number, attack: () => Promise<void>) {
  while (Date.now() < deadline) {
    stats.attempts += 1;
    await attack().catch(() => undefined);
  }
}

async function recoveryPage(stack: Stack, email: string, method: "sms" | "voice", browser: HttpBrowser = new HttpBrowser()) {
  const select = await browser.submit(await linkedPage(stack, browser, "recover"), { email }, onIdp(stack));
  // Every recovery code passes the security check first: the stranger solves it, as a browser would.
  return { browser, page: await browser.submit(select, { authMethod: method, captchaToken: await solvedCheck(stack) }, onIdp(stack)) };
}

/** A stranger's own new account: registered, e-mail verified, a phone enrolled; signed in once. */
async function registerAndEnrol(stack: Stack, n: number) {
  const browser = new BotBrowser(`198.51.100.${n + 1}`);
  const account = { email: `mallory${n}@example.test`, password: `Pumping-Numbers-${n}-2026` };
  const check = await browser.submit(
    await linkedPage(stack, browser, "register"),
    { email: account.email, firstName: "Mal", lastName: `Lory ${n}`, password: account.password, confirmPassword: account.password },
    onIdp(stack),
  );
  const [mail] = await outbox(stack, account.email);
  const enrol = await browser.submit(check, { intent: "verify", code: mail?.code ?? "" }, onIdp(stack));
  const phone = `+1555557${String(1000 + n)}`;
  registeredNumbers.add(phone);
  const challenge = await browser.submit(enrol, { phoneNumber: phone }, onIdp(stack));
  const [text] = await outbox(stack, phone);
  if (text?.code) await browser.submit(challenge, { intent: "verify", code: text.code }, onIdp(stack));
  stats.registered += 1;
  return { ...account, phone, browser };
}

/** One sign-in text asked for by a registered account (never used: the point is what it costs). */
async function pumpSignInText(stack: Stack, account: { email: string; password: string; phone: string; browser: HttpBrowser }) {
  const select = await passwordStep(stack, account.browser, { username: account.email, password: account.password });
  const before = (await outbox(stack, account.phone)).length;
  await account.browser.submit(select, { authMethod: "sms" }, onIdp(stack));
  if ((await outbox(stack, account.phone)).length > before) stats.registeredTexts += 1;
  else stats.registeredRefused += 1;
}

/** A participant's new browser, signed in with a fresh code by their method (the security check solved if asked). */
async function signInWithCode(stack: Stack, who: Participant, extra: Record<string, string> = {}) {
  const browser = atHome("198.18");
  const credentials = { username: who.email, password: who.password, ...extra };
  let step = await passwordStep(stack, browser, credentials);
  if (step.html.includes('name="captchaToken"'))
    step = await browser.submit(step, { ...credentials, captchaToken: await solvedCheck(stack) }, onIdp(stack));
  const before = new Set((await outbox(stack, who.phone)).map((message) => message.id));
  step = await browser.submit(step, { authMethod: who.method }, onIdp(stack));
  const code = (await outbox(stack, who.phone)).find((message) => !before.has(message.id))?.code;
  if (!code)
    throw new Error(`no code came (the page answered ${step.response.status}: ${visibleText(step.html, who.email).slice(0, 160)})`);
  step = await browser.submit(step, { intent: "verify", code }, onIdp(stack));
  const signedIn = (step.response.headers.get("location") ?? "").includes("/auth/callback");
  if (!signedIn) throw new Error(`the code was not taken (${step.response.status}: ${visibleText(step.html, who.email).slice(0, 160)})`);
  return browser;
}

/**
 * Recovery started for an e-mail, a few times apart, from an address of its own (loopback has guessed
 * codes by now and waits): each answer's status and words, the e-mail taken out.
 */
async function recoveryAnswers(stack: Stack, email: string, starts: number, address: string) {
  const answers: string[] = [];
  for (let start = 0; start < starts; start += 1) {
    const { page } = await recoveryPage(stack, email, "sms", new BotBrowser(address));
    answers.push(`${page.response.status} ${visibleText(page.html, email)}`);
  }
  return answers;
}

/**
 * Item 4: a stranger's eight wrong voice codes over two calls (the security check solved for the
 * second), then the participant's own recovery from her home address with the right code, then the
 * stranger's next code, which waits.
 */
async function guessesThenOwnRecovery(stack: Stack) {
  const stranger = new BotBrowser("203.0.113.40");
  const wrong = async (page: Awaited<ReturnType<typeof recoveryPage>>["page"], times: number) => {
    const code = (await outbox(stack, guessedAt.phone))[0]?.code ?? "00000";
    const miss = code === "00000" ? "11111" : "00000";
    let step = page;
    for (let i = 0; i < times; i += 1) step = await stranger.submit(step, { intent: "verify", code: miss }, onIdp(stack));
    return step;
  };
  let step = await wrong((await recoveryPage(stack, guessedAt.email, "voice", stranger)).page, 5);
  await sleep(31_000);
  step = await stranger.submit(step, { intent: "resend" }, onIdp(stack));
  step = await stranger.submit(step, { authMethod: "voice", captchaToken: await solvedCheck(stack) }, onIdp(stack));
  step = await wrong(step, 3);

  const own = await recoveryPage(stack, guessedAt.email, "voice", new BotBrowser("192.0.2.44"));
  const code = (await outbox(stack, guessedAt.phone))[0]?.code ?? "";
  const reset = await own.browser.submit(own.page, { intent: "verify", code }, onIdp(stack));
  stats.ownRecoveryAfterGuesses = reset.html.includes('name="confirmPassword"');

  step = await wrong(step, 2);
  await sleep(31_000);
  step = await stranger.submit(step, { intent: "resend" }, onIdp(stack));
  stats.strangerWaited = step.response.status === 429 && step.html.includes("You can ask for a new code in");
}

/** The participant's usual device: signed in once with 'Remember me', so later sign-ins need only the password. */
async function usualDevice(stack: Stack, who: Participant) {
  const browser = await signInWithCode(stack, who, { rememberMe: "true" });
  const device = browser.cookies.get(new URL(stack.identityUrl), "idp_device");
  if (!device) throw new Error(`${who.email}'s device was not remembered`);
  return device;
}

async function signInFromUsualDevice(stack: Stack, who: Participant, device: string): Promise<boolean> {
  const browser = atHome("198.18");
  browser.cookies.set(new URL(stack.identityUrl), "idp_device", device);
  const step = await passwordStep(stack, browser, { username: who.email, password: who.password });
  const location = step.response.headers.get("location") ?? "";
  return step.response.status >= 300 && step.response.status < 400 && location.includes("/auth/callback");
}

async function main() {
  const config = loadConfigFromEnv({});
  const budgets = config.sendingBudgets;
  console.log(`starting a fresh stack with the default limits; campaign of ${DURATION_MS / 1000} s`);
  // The stranger's many addresses reach the provider through a proxy on loopback that says who they are.
  const stack = await startStack({ logLevel: "warn", identityEnv: { IDENTITY_TRUSTED_PROXIES: "loopback" } });
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
        await passwordStep(stack, new HttpBrowser(), { username: participants.ada.email, password: `wrong-${Math.random()}` });
      }),
      untilDeadline(deadline, async () => {
        const browser = new HttpBrowser();
        const enrol = await passwordStep(stack, browser, { username: attackerOwnAccount.email, password: attackerOwnAccount.password });
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
        await sleep(1000);
      }),
      // Item 1: registrations drain what newcomers may send, then keep asking for sign-in texts.
      (async () => {
        const accounts: Awaited<ReturnType<typeof registerAndEnrol>>[] = [];
        for (let n = 0; n < REGISTERED_ACCOUNTS && Date.now() < deadline; n += 8) {
          const batch = await Promise.all(
            Array.from({ length: Math.min(8, REGISTERED_ACCOUNTS - n) }, (_, i) => registerAndEnrol(stack, n + i).catch(() => null)),
          );
          accounts.push(...batch.filter((account) => account !== null));
        }
        let next = 0;
        await Promise.all(
          Array.from({ length: 8 }, () =>
            untilDeadline(deadline, async () => {
              const account = accounts[next++ % Math.max(1, accounts.length)];
              if (account) await pumpSignInText(stack, account);
            }),
          ),
        );
      })(),
      // Item 2: recovery started again and again against a participant's e-mail, the check solved each time.
      untilDeadline(deadline, async () => {
        const { page } = await recoveryPage(stack, participants.ada.email, "sms");
        stats.recoveryStarts += 1;
        if (page.response.status === 429) stats.recoveryRefused += 1;
      }),
      // Meanwhile the participants sign in with a fresh code now and then, as they do on a results day.
      untilDeadline(deadline, async () => {
        for (const who of ["ada", "carmen"] as const) {
          const ok = await signInWithCode(stack, participants[who]).catch((error: unknown) => {
            console.warn(`  (a sign-in with a code failed: ${error instanceof Error ? error.message : String(error)})`);
            return false;
          });
          stats.codeSignIns += 1;
          if (!ok) stats.codeSignInFailures += 1;
        }
        await sleep(15_000);
      }),
    ]);
    // Item 2: an unknown e-mail answers as a participant's does, through to the spent recovery budget.
    const known = await recoveryAnswers(stack, untouched, 5, "192.0.2.10");
    const unknown = await recoveryAnswers(stack, "nobody-at-all@example.test", 5, "192.0.2.11");
    // Item 4: a stranger's wrong recovery codes do not keep the participant from her own recovery.
    await guessesThenOwnRecovery(stack);
    // Item 3: a passed code belongs to its session and purpose.
    const stolen = await replayStolenSession(stack, twoSessions, { id: config.portalClientId, secret: config.portalClientSecret });
    const word = (refused: boolean) => (refused ? "refused" : "NOT refused");
    const sameAnswers = known.length === unknown.length && known.every((answer, index) => answer === unknown[index]);
    // And after it all, each participant once more: a fresh code, and signed in.
    const after = { ada: await signInWithCode(stack, participants.ada), carmen: await signInWithCode(stack, participants.carmen) };

    const messages = [
      ...(await outbox(stack, participants.ada.phone)).slice(0, -before.ada || undefined),
      ...(await outbox(stack, participants.carmen.phone)).slice(0, -before.carmen || undefined),
    ];
    for (const phone of [...enrolledByAttacker, ...registeredNumbers]) messages.push(...(await outbox(stack, phone)));
    const sent = (channel: string) => messages.filter((message) => message.channel === channel).length;
    const keptOut =
      stats.participantFailures > 0 || stats.codeSignInFailures > 0 || !stats.ownRecoveryAfterGuesses || stolen.signInFailures > 0 ? 1 : 0;
    console.log(
      [
        "\nAbuse campaign",
        `  attack requests                      ${stats.attempts}`,
        `  SMS sent                             ${sent("sms")} (deployment budget ${budgets.deployment.sms.max}/hour, per number ${budgets.perNumber[0]?.max}/hour)`,
        `  voice calls sent                     ${sent("voice")} (deployment budget ${budgets.deployment.voice.max}/hour, per number ${budgets.perNumber[0]?.max}/hour)`,
        `  numbers the attacker tried to enrol  ${enrolledByAttacker.size} (new numbers allowed ${budgets.newNumbersPerAccount.max}/day)`,
        `  self-registered accounts             ${stats.registered} (texts sent ${stats.registeredTexts}, refused ${stats.registeredRefused}; newcomers' pool ${budgets.pools.newcomer.max}/hour)`,
        `  recovery starts against ada          ${stats.recoveryStarts} (refused ${stats.recoveryRefused}; recovery per number ${budgets.recoveryPerNumber[0]?.max}/hour)`,
        `  unknown e-mail's recovery answers    ${sameAnswers ? "identical to a participant's" : "DIFFERENT from a participant's"}`,
        `  own recovery after 8 wrong codes     ${stats.ownRecoveryAfterGuesses ? "yes" : "NO"} (the stranger's next code ${stats.strangerWaited ? "waits" : "DID NOT wait"})`,
        `  stolen session, her passed code      phone change ${word(stolen.phoneChangeRefused)}, without the old number ${word(stolen.phoneChangeWithoutOldNumberRefused)}, own app ${word(stolen.appRefused)}, window ${stolen.windowHidden ? "not shown" : "SHOWN"}; nothing sent to the stranger's number: ${stolen.nothingSentToStranger ? "yes" : "NO"}`,
        `  withdrawal code opening a change     ${word(stolen.withdrawalCodeRefused)} (her own session's code still opens her change: ${stolen.ownChangeAllowed ? "yes" : "NO"}; her sign-ins ${stolen.signIns - stolen.signInFailures}/${stolen.signIns})`,
        `  accounts a stranger kept out         ${keptOut}`,
        `  participants' sign-ins with a code   ${stats.codeSignIns - stats.codeSignInFailures}/${stats.codeSignIns} during, ada ${after.ada ? "yes" : "NO"} and carmen ${after.carmen ? "yes" : "NO"} after`,
        `  participants' own sign-ins          ${stats.participantSignIns - stats.participantFailures}/${stats.participantSignIns} (${((100 * (stats.participantSignIns - stats.participantFailures)) / Math.max(1, stats.participantSignIns)).toFixed(0)} %)`,
        `  (campaign length ${(DURATION_MS / 60_000).toFixed(1)} min)`,
      ].join("\n"),
    );
    const everyone =
      stats.participantFailures === 0 &&
      stats.codeSignInFailures === 0 &&
      stats.codeSignIns > 0 &&
      after.ada &&
      after.carmen &&
      stats.ownRecoveryAfterGuesses &&
      stats.strangerWaited &&
      sameAnswers &&
      stolenSessionRefused(stolen);
    console.log(
      everyone
        ? "\nEvery participant still got their code and signed in, and recovered her account after a stranger's wrong codes; a stranger could not tell which e-mails have accounts; a code passed in one session changed nothing from another session, and a withdrawal's code opened no change."
        : "\nNOT every participant got their code and signed in or recovered, or recovery told accounts apart, or a passed code worked beyond its session or purpose: see above.",
    );
    if (!everyone) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

await main();
