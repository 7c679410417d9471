import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import { pino, type Logger } from "pino";
import { isClientAbort } from "../../lib/http/index.ts";
import { requestId, requestLog } from "../../lib/http/middleware.ts";
import { migrate, openDatabase } from "../../lib/postgres/index.ts";
import { createAccountApi } from "./account-api/account-api.ts";
import { createBarrierReceipts } from "./account-api/barrier-report-receipts.ts";
import { startCounsellingNoticeSender } from "./account-api/counselling-notices.ts";
import { listedWithdrawals } from "./account-api/results-withdrawals.ts";
import { startShareNoticeSender } from "./account-api/share-notices.ts";
import { createAltchaVerifier } from "./captcha/altcha-verifier.ts";
import { createHumanCheck } from "./captcha/human-check.ts";
import type { IdentityConfig } from "./config.ts";
import { createOutboxRoutes } from "./dev/outbox-routes.tsx";
import { createParticipantsRoute } from "./dev/participants-route.ts";
import { createResultsLinkRoute } from "./dev/results-link-route.ts";
import { CODE_FAILURE_WINDOW_MS as LONGEST_THROTTLE_WINDOW_MS } from "./domain/guessing-limits.ts";
import { relyingPartyFor } from "./domain/passkey-ceremonies.ts";
import { appendCookie, BodyRejectedError, clientAddress, requestLocale, sendHtml, sendJson, trustedProxiesFrom } from "./http/io.ts";
import { assetRoutes } from "./http/scripts.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { identityStylesheet } from "./http/stylesheet.ts";
import { createAccountPages } from "./interactions/account-pages.ts";
import { createPhoneChangeSettler } from "./interactions/phone-change-settler.ts";
import { createSignInHandler } from "./interactions/sign-in/index.ts";
import { createEmailDeliveryWorker } from "./mail/email-delivery.ts";
import { createSmtpTransport } from "./mail/smtp-transport.ts";
import { createPreferencesApi } from "./notifications/preferences-api.ts";
import { createNotificationPreferences } from "./notifications/preferences.ts";
import { createKitStepSender, resultsKitStepFeed } from "./notifications/results-kit-steps.ts";
import { createReportReissueSender, resultsReportReissueFeed } from "./notifications/results-report-reissues.ts";
import { createUnsubscribeRoute } from "./notifications/unsubscribe-page.tsx";
import { UNSUBSCRIBE_PATH } from "./notifications/unsubscribe-token.ts";
import { createAccessTokenVerifier } from "./oidc/access-tokens.ts";
import { createOidcProvider, TOKEN_TTL_SECONDS } from "./oidc/provider.ts";
import { openSigningKeyRing, SIGNING_KEY_RELOAD_MS, signingKeySchedule } from "./oidc/signing-keys.ts";
import { createUserinfoForResultsTokens } from "./oidc/userinfo.ts";
import { renderProblemPage } from "./pages/account-flow-pages.tsx";
import { LANGUAGE_COOKIE, programName, translator } from "./pages/i18n.ts";
import { renderOidcErrorPage } from "./pages/oidc-pages.tsx";
import { createPhoneDeliveryWorker } from "./phone/phone-delivery.ts";
import { createStatusCallbackRoute } from "./phone/status-callback.ts";
import { STATUS_CALLBACK_PATH } from "./phone/twilio-transport.ts";
import { createAccountFlows } from "./store/account-flows.ts";
import { createAccountStore } from "./store/accounts.ts";
import { createFactorStore } from "./store/factors.ts";
import { IDENTITY_SERVICE, identityMigrations } from "./store/migrations.ts";
import { createOidcAdapterClass, deleteExpiredOidcPayloads, touchInteraction } from "./store/oidc-adapter.ts";
import { createOutbox } from "./store/outbox.ts";
import { createPasskeyStore } from "./store/passkeys.ts";
import { createPasswordFailures, PASSWORD_FAILURE_CAP_MAX } from "./store/password-failures.ts";
import { createPasswordUpdates } from "./store/password-updates.ts";
import { createPhoneChanges } from "./store/phone-changes.ts";
import { createRequestLimits, requestLimitsPer10Minutes } from "./store/request-limits.ts";
import { loadOrCreateSecret } from "./store/secrets.ts";
import { seedDemoParticipants } from "./store/seed-demo.ts";
import { createSendingBudget } from "./store/sending-budget.ts";
import { createSignInLanguages } from "./store/sign-in-languages.ts";
import { createSignInStates } from "./store/sign-in-states.ts";
import { createThrottle } from "./store/throttle.ts";
import { createVerifications, type SendNow } from "./store/verifications.ts";

interface IdentityServiceOptions extends IdentityConfig {
  /** Injectable clock for tests of the 30 s / 10 min / 30 min limits. */
  now?: () => Date;
  logger?: Logger;
  captchaCost?: number;
  /** How an escalated answer waits (tests count instead of waiting). */
  slowDown?: (ms: number) => Promise<void>;
  /** How often kit steps are read from the results service to be e-mailed (0: never; tests run the sender themselves). */
  kitStepPollMs?: number;
  /** How often due phone changes are applied by this instance's sweep (0: never; tests apply them by signing in or viewing). */
  phoneChangeSweepMs?: number;
  /** How often the outbox's due e-mails are sent when SMTP is configured (0: never; tests run the worker themselves). */
  mailDeliveryPollMs?: number;
  /** How often the shared signing keys are read again (0: never). */
  signingKeyReloadMs?: number;
}

export interface RunningIdentityService {
  url: string;
  issuer: string;
  close(): Promise<void>;
}

const CLEANUP_INTERVAL_MS = 5 * 60_000;
const SHARE_NOTICE_INTERVAL_MS = 2000;
const PHONE_CHANGE_COOLING_OFF_HOURS = 72;
/** How long a page that asked for a text or call waits for the provider's first answer before it answers itself. */
const SEND_NOW_WAIT_MS = 5000;
/** For participants who neither sign in nor look at their security page. */
const PHONE_CHANGE_SWEEP_MS = 5 * 60_000;

export async function startIdentityService(options: IdentityServiceOptions): Promise<RunningIdentityService> {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? pino({ name: "identity" });
  const db = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir });
  await migrate(db, IDENTITY_SERVICE, identityMigrations);

  const accounts = createAccountStore(db);
  const keys = await openSigningKeyRing(db, { factorKey: options.factorKey, schedule: signingKeySchedule(options), now, logger });
  const codeSecret = await loadOrCreateSecret(db, "code-hash-secret");
  const factors = createFactorStore(db, { factorKey: options.factorKey, codeSecret, now });
  const passkeys = createPasskeyStore(db, now);
  if (options.demoParticipantsFile) {
    const added = await seedDemoParticipants(accounts, options.demoParticipantsFile, factors).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return 0;
      throw error;
    });
    logger.info({ added }, "demo participants seeded");
  }
  const captchaSecret = await loadOrCreateSecret(db, "captcha-hmac-secret");
  const unsubscribeKeys = [await loadOrCreateSecret(db, "unsubscribe-hmac-secret")];
  const css = await identityStylesheet();

  const outbox = createOutbox(db, now);
  const throttle = createThrottle(db, now);
  // Accounts that registered themselves within the last 30 days are counted by the hour they did.
  const sendingBudget = createSendingBudget(throttle, options.sendingBudgets, logger, now, async (claim) => {
    const recentMs = 30 * 24 * 3_600_000;
    if (claim.pool === "newcomer") return accounts.registrationCohort({ id: claim.accountKey }, now(), recentMs);
    if (claim.pool === "recovery" && !claim.rememberedAccount) return accounts.registrationCohort({ email: claim.email }, now(), recentMs);
    return null;
  });
  // Texts and calls asked for on a page go to the provider before the page answers (once the provider is set up below).
  let sendPhoneNow: SendNow | null = null;
  const verifications = createVerifications(
    db,
    outbox,
    codeSecret,
    now,
    options.codeResendLockSeconds * 1000,
    sendingBudget,
    (flowKey) => sendPhoneNow?.(flowKey) ?? Promise.resolve(),
  );
  const signInStates = createSignInStates(db, now);
  const signInLanguages = createSignInLanguages(db, now);
  const passwordFailureCap = options.passwordFailureCap ?? PASSWORD_FAILURE_CAP_MAX;
  const passwordFailures = createPasswordFailures(db, now, passwordFailureCap);
  const passwordUpdates = createPasswordUpdates(db, now);
  const accountFlows = createAccountFlows(db, now);
  const phoneChanges = createPhoneChanges(db, now, (options.phoneChangeCoolingOffHours ?? PHONE_CHANGE_COOLING_OFF_HOURS) * 3_600_000);
  const phoneChangeSettler = createPhoneChangeSettler({ phoneChanges, accounts, outbox, portalUrl: options.portalUrl, logger });
  const captcha = createAltchaVerifier(db, captchaSecret, now, options.captchaCost);
  const humanCheck = createHumanCheck({ db, captcha, throttle, keys: [captchaSecret], now, waitSeconds: options.humanCheckWaitSeconds });
  const trustedProxies = trustedProxiesFrom(options.trustedProxies);
  const requestLimits = createRequestLimits(db, now);
  const limits = options.requestLimits ?? requestLimitsPer10Minutes();

  // The issuer can depend on the bound port (tests listen on port 0), so bind before building the
  // provider; the routes are all in place before anything else is awaited.
  const app = express();
  const server = createServer(app).listen(options.port, options.host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`;
  const issuer = options.issuer ?? url;
  const secureCookies = issuer.startsWith("https:");
  const relyingParty = relyingPartyFor(options.portalUrl, issuer, programName("en"));

  // oidc-provider takes its keys when built: the OpenID endpoints get a new one on each key change; the pages
  // and account API keep the first, as interactions and grants live in the database and touch no key.
  const buildProvider = () => {
    const built = createOidcProvider({ ...options, issuer, keys, accounts, signInLanguages, adapter: createOidcAdapterClass(db, now) });
    built.on("server_error", (_ctx, error) => logger.error({ err: { message: error.message, stack: error.stack } }, "oidc server error"));
    return { provider: built, callback: built.callback() };
  };
  let oidc = buildProvider();
  const { provider } = oidc;
  /** What close() stops, in this order: key reloads, then the senders and workers. */
  const stops: (() => Promise<void>)[] = [];
  const keyReloadMs = options.signingKeyReloadMs ?? SIGNING_KEY_RELOAD_MS;
  if (keyReloadMs > 0)
    stops.push(
      keys.start(keyReloadMs, () => {
        oidc = buildProvider();
        logger.info({ signing: keys.current.kid, published: keys.publicJwks.keys.map((key) => key.kid) }, "signing keys changed");
      }),
    );

  const verifyAccessToken = createAccessTokenVerifier(keys, issuer, options.resultsApiAudience);
  const notificationPreferences = createNotificationPreferences(db, now);
  /** Every withdrawal stops research use: once one is listed, research updates end for good. */
  const withdrawals = async (accountId: string, accessToken: string) => {
    const listed = await listedWithdrawals(options.resultsApiUrl, accountId, accessToken, logger);
    if (listed?.length) await notificationPreferences.markResearchWithdrawn(accountId);
    return listed;
  };
  /** A grant stands until sign-out revokes it, a new password ends it, or it expires. */
  const grantIsLive = async (grantId: string, accountId: string) => {
    const grant = await provider.Grant.find(grantId).catch(() => undefined);
    return Boolean(grant && grant.accountId === accountId);
  };
  const interactionDeps = {
    provider,
    accounts,
    accountFlows,
    signInStates,
    signInLanguages,
    factors,
    passkeys,
    relyingParty,
    outbox,
    verifications,
    throttle,
    passwordFailures,
    cookieKeys: options.cookieKeys,
    secureCookies,
    issuer,
    portalUrl: options.portalUrl,
    now,
    logger,
    slowDown: options.slowDown ?? ((ms: number) => sleep(ms)),
    sendingBudget,
    humanCheck,
    trustedProxies,
    registrationEnabled: options.registrationEnabled,
    selfServiceUnlockEnabled: options.selfServiceUnlockEnabled,
    phoneChangeSettler,
  };
  const signIn = createSignInHandler(interactionDeps);
  const accountPages = createAccountPages(interactionDeps);
  const accountApi = createAccountApi({
    ...interactionDeps,
    passwordUpdates,
    phoneChanges,
    captcha,
    verifyAccessToken,
    grantIsLive,
    withdrawals,
    keys,
    resultsApiAudience: options.resultsApiAudience,
  });
  if (options.resultsApiUrl) {
    // Share events (a report shared, opened, ended) and counselling requests, taken from the results service and e-mailed.
    const relay = { ...options, ...interactionDeps, resultsApiUrl: options.resultsApiUrl, keys, intervalMs: SHARE_NOTICE_INTERVAL_MS };
    stops.push(startShareNoticeSender(relay), startCounsellingNoticeSender(relay));
  }
  const outboxRoutes = createOutboxRoutes(outbox);
  const participantsRoute = createParticipantsRoute({ ...interactionDeps, db, sendingBudgets: options.sendingBudgets, passwordFailureCap });
  const resultsLink = createResultsLinkRoute({ ...options, accounts, keys, issuer });
  const preferencesApi = createPreferencesApi({
    preferences: notificationPreferences,
    verifyAccessToken,
    grantIsLive,
    hasWithdrawn: (accountId, accessToken) => withdrawals(accountId, accessToken).then((listed) => listed && listed.length > 0),
  });
  const unsubscribe = createUnsubscribeRoute({ preferences: notificationPreferences, unsubscribeKeys, portalUrl: options.portalUrl });
  const pollMs = options.kitStepPollMs ?? 5000;
  if (options.resultsApiUrl && pollMs > 0) {
    const feed = { resultsApiUrl: options.resultsApiUrl, keys, issuer, resultsAudience: options.resultsApiAudience, logger };
    const mailer = { db, issuer, portalUrl: options.portalUrl, unsubscribeKeys, now, logger };
    stops.push(
      createKitStepSender({ ...mailer, feed: resultsKitStepFeed(feed) }).start(pollMs),
      createReportReissueSender({ ...mailer, feed: resultsReportReissueFeed(feed) }).start(pollMs),
    );
  }
  const sweepMs = options.phoneChangeSweepMs ?? PHONE_CHANGE_SWEEP_MS;
  if (sweepMs > 0) stops.push(phoneChangeSettler.start(sweepMs));
  const mailPollMs = options.mailDeliveryPollMs ?? 2000;
  if (options.mail && mailPollMs > 0) {
    const transport = createSmtpTransport(options.mail.smtp, options.mail.from);
    stops.push(createEmailDeliveryWorker({ ...options.mail, db, transport, now, logger }).start(mailPollMs));
  }
  if (options.sms) {
    const phoneDelivery = createPhoneDeliveryWorker({ ...interactionDeps, db, settings: options.sms });
    sendPhoneNow = async (flowKey) => {
      // The page waits for the provider's first answer, never longer than this; the send goes on if it takes longer.
      const sending = phoneDelivery.runOnce(flowKey).then(
        () => undefined,
        (error: Error) => logger.warn({ err: { message: error.message } }, "text or call not sent in its request; the worker tries again"),
      );
      await Promise.race([sending, sleep(SEND_NOW_WAIT_MS, undefined, { ref: false })]);
    };
    stops.push(phoneDelivery.start(1000));
  }
  const statusCallback = options.sms
    ? createStatusCallbackRoute({ outbox, authToken: options.sms.twilio.authToken, issuer, logger })
    : null;

  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
  const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/([a-z-]+))?$/;
  let draining = false;
  const query = (req: Request) => new URL(req.url, "http://identity.invalid").searchParams;
  /** A route that exists only in some deployments (development tools, the text provider's callbacks). */
  const openOnlyWhen =
    (open: boolean): RequestHandler =>
    (_req, res, next) =>
      open ? next() : sendJson(res, 404, { error: "not found" });
  const devTools = openOnlyWhen(!options.production);

  // As oidc-provider's Express example has it: the host's own routes first, then the provider.
  app.disable("x-powered-by");
  app.set("case sensitive routing", true);
  app.use(requestId(), requestLog(logger), securityHeaders({ portalUrl: options.portalUrl, production: options.production }));
  app.use((req, res, next) => {
    const params = query(req);
    // A control character (a NUL above all, which PostgreSQL refuses in text) is never part of a
    // well-formed query: refused before oidc-provider or a store sees it.
    if ([...params].some(([name, value]) => CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(value)))
      return next(new BodyRejectedError(400, "control character in the query"));
    // The language buttons' choice is kept for the pages that follow (it changes nothing else).
    const chosenLanguage = params.get("lang");
    if (req.method === "GET" && (chosenLanguage === "en" || chosenLanguage === "es")) {
      appendCookie(res, LANGUAGE_COOKIE, chosenLanguage, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies,
        maxAge: 365 * 24 * 3600,
      });
    }
    next();
  });
  app.all("/healthz", (_req, res) => sendJson(res, 200, { status: "ok" }));
  app.all("/readyz", async (_req, res) => {
    // This instance's own state only: the results service (kit steps, share notices) is never asked.
    const database = await db.query("SELECT 1").then(
      () => "ok" as const,
      () => "failed" as const,
    );
    const ready = database === "ok" && !draining;
    sendJson(res, ready ? 200 : 503, {
      status: ready ? "ok" : "unavailable",
      checks: { database, ...(draining ? { draining: true } : {}) },
    });
  });
  app.all("/assets/identity.css", (_req, res) => void res.type("css").set("cache-control", "public, max-age=3600").send(css));
  app.use("/assets", assetRoutes());
  // Each address has a limit on new authorization requests (each stores an interaction) and on the
  // interaction pages, before any is stored or looked up.
  app.use(["/auth", "/interaction"], async (req, res, next) => {
    const authorization = req.baseUrl === "/auth" && (req.path === "/" || req.path === "");
    const limited = authorization ? limits.authorizationPerAddress : limits.interactionPerAddress;
    const taken = await requestLimits.take(
      `${authorization ? "authorization" : "interaction"}:${clientAddress(req, trustedProxies)}`,
      limited,
    );
    if (taken.within) return next();
    const locale = requestLocale(req, query(req).get("ui_locales"));
    const t = translator(locale);
    res.setHeader("retry-after", String(taken.retryAfterSeconds));
    const minutes = Math.max(1, Math.ceil(taken.retryAfterSeconds / 60));
    sendHtml(res, 429, renderProblemPage({ locale, title: t("busy.title"), message: t("busy.message", { minutes }), links: [] }));
  });
  app.all(["/interaction/:uid", "/interaction/:uid/:step"], async (req, res, next) => {
    const [, uid, step] = INTERACTION.exec(req.path) ?? [];
    if (!uid) return next();
    // A form posted: the interaction is in use and lives its full time (an untouched one only briefly).
    if (req.method === "POST") await touchInteraction(db, uid, now(), TOKEN_TTL_SECONDS.Interaction * 1000);
    if (accountPages.handles(step)) return accountPages.handle(req, res, uid, step, query(req));
    return signIn(req, res, uid, step, query(req));
  });
  app.all("/api/account/:operation", (req, res) => accountApi(req, res, req.params.operation));
  app.all("/api/portal/barrier-report-receipt", createBarrierReceipts({ ...options, outbox, throttle }));
  app.all("/api/notifications/preferences", preferencesApi);
  app.all(UNSUBSCRIBE_PATH, (req, res) => unsubscribe(req, res, query(req)));
  app.all(STATUS_CALLBACK_PATH, openOnlyWhen(statusCallback !== null), (req, res) => statusCallback!(req, res));
  app.get("/api/captcha/challenge", async (_req, res) => sendJson(res, 200, await captcha.createChallenge()));
  app.all(["/dev/outbox", "/dev/outbox/view"], devTools, (req, res) => outboxRoutes(req, res, req.path.endsWith("/view"), query(req)));
  app.all("/dev/participants", devTools, participantsRoute);
  app.all("/dev/results-link", openOnlyWhen(!options.production || Boolean(options.resultsLinkAdminToken)), resultsLink);
  app.all("/me", createUserinfoForResultsTokens({ accounts, verifyAccessToken }));
  app.use((req, res) => oidc.callback(req, res));
  app.use(((error: Error, req, res, _next) => {
    // A body the service cannot take, or a path Express cannot decode (its 400), is the client's mistake:
    // a 4xx in the form the caller reads.
    const status = error instanceof BodyRejectedError ? error.status : (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      if (error instanceof BodyRejectedError)
        logger.info({ requestId: res.getHeader("x-request-id"), status, reason: error.message }, "request body refused");
      else logger.info({ requestId: res.getHeader("x-request-id"), status }, "request refused");
      if (res.headersSent) return void res.end();
      if (/^\/(api|dev)\//.test(req.path)) return sendJson(res, status, { error: "invalid_request", error_description: error.message });
      return sendHtml(res, status, renderOidcErrorPage({ locale: requestLocale(req), error: "invalid_request" }));
    }
    // A client that went away (a closed tab, a dropped connection) is not the service's failure.
    if (isClientAbort(error, req)) return void logger.info({ requestId: res.locals.requestId }, "client went away");
    logger.error({ requestId: res.locals.requestId, err: { message: error.message, stack: error.stack } }, "request failed");
    if (!res.headersSent) sendHtml(res, 500, "<!DOCTYPE html><title>Error</title><p>Something went wrong.</p>");
    else res.end();
  }) satisfies ErrorRequestHandler);

  await deleteExpiredOidcPayloads(db, now());
  const cleanup = setInterval(() => {
    deleteExpiredOidcPayloads(db, now()).catch((error: Error) => logger.warn({ err: { message: error.message } }, "cleanup failed"));
    throttle.prune(LONGEST_THROTTLE_WINDOW_MS).catch(() => undefined);
    requestLimits.prune(60 * 60_000).catch(() => undefined);
    accountFlows.deleteExpired().catch(() => undefined);
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();

  logger.info(
    { url, issuer, mail: options.mail ? "smtp" : "outbox only", sms: options.sms ? "twilio" : "outbox only" },
    "identity provider listening",
  );
  let closing: Promise<void> | undefined;
  return {
    url,
    issuer,
    close() {
      // Not ready from now on (/readyz 503), so balancers send new requests elsewhere.
      draining = true;
      closing ??= (async () => {
        clearInterval(cleanup);
        for (const stop of stops) await stop();
        // close() also ends the idle keep-alive connections (Node 19 on); the promise waits for the busy ones.
        await server[Symbol.asyncDispose]();
        await db.close();
      })();
      return closing;
    },
  };
}
