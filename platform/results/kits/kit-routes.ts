import * as z from "zod";
import { checkKitBarcode } from "../../../lib/program/kit-barcode.ts";
import { parsedBody, plainText, sendJson, sourceField, type Handler } from "../http-kit.ts";
import type { KitSettings } from "../settings.ts";
import type { MissCounter } from "../shares/share-store.ts";
import { RequestError } from "../token-verifier.ts";
import type { KitStore } from "./kit-store.ts";

export interface KitRouteDeps extends KitSettings {
  store: KitStore;
  /** The budgets of failed attempts are the shares' own machinery (one count per scope and window). */
  misses: MissCounter;
  now: () => Date;
}

const DAY_MS = 86_400_000;
/** A sample kept longer than this before its kit is registered is not one the lab can use. */
const OLDEST_COLLECTION_DAYS = 365;

const RegisterBody = z.object({
  barcode: z.string().max(40),
  collectedOn: z.iso.date(),
  /** Whose sample: only the participant's own is registered in their account. */
  sampleOf: z.literal("self"),
  source: sourceField,
  /** The participant as the portal knows them, for a first kit of someone this service has no record of. */
  participant: z
    .object({
      email: z.email().max(320),
      name: plainText(200),
    })
    .optional(),
});

const IssueBody = z
  .object({
    sourceId: z.string().min(1).max(100).default("dna-discovery"),
    isHealthOrResearch: z.boolean().default(true),
    barcode: z.string().optional(),
    /** Already registered to this participant (collected today): a kit that is someone else's. */
    registeredTo: z.string().min(1).max(200).optional(),
  })
  .strict();

/** The collection day (a calendar day, as z.iso.date checks it): not after today (a day's grace for time zones), and not too long ago. */
function checkCollectionDay(day: string, now: Date): void {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (at > now.getTime() + DAY_MS) throw new RequestError(400, "collectedOn is in the future");
  if (at < now.getTime() - OLDEST_COLLECTION_DAYS * DAY_MS)
    throw new RequestError(400, `collectedOn is more than ${OLDEST_COLLECTION_DAYS} days ago`);
}

export function createKitRoutes(deps: KitRouteDeps) {
  const { store, misses } = deps;

  /**
   * A barcode that matches no kit this participant can register is a miss, taken before the barcode
   * is compared from the source's budget and then the participant's (never one for everyone: nobody
   * else's guesses can stop a participant registering their kit). An attempt that registers, or finds
   * the participant's own kit, gives its places back. Past either budget nothing is compared.
   */
  const register: Handler<"userId"> = async (req, res) => {
    const { userId } = req.params;
    const body = await parsedBody(req, RegisterBody, "barcode, collectedOn and sampleOf (self) are required");
    const barcode = checkKitBarcode(body.barcode);
    if (!barcode.ok) throw new RequestError(400, "The barcode is not twelve digits whose last is the check digit");
    checkCollectionDay(body.collectedOn, deps.now());

    const sourceScope = `kit-source:${body.source ?? misses.sourceOfAddress(req.socket.remoteAddress ?? "")}`;
    const participantScope = `kit-participant:${userId}`;
    const bySource = await misses.takeMiss(sourceScope, deps.sourceMissBudget);
    const byParticipant = bySource.within ? await misses.takeMiss(participantScope, deps.participantMissBudget) : null;
    if (byParticipant?.count === 1) await misses.pruneMisses();
    if (!bySource.within || !byParticipant?.within) {
      const retryAfterSeconds = Math.max(bySource.within ? 0 : bySource.retryAfterSeconds, byParticipant?.retryAfterSeconds ?? 0);
      throw new RequestError(429, "Too many barcodes that match no kit", { retryAfterSeconds });
    }
    const outcome = await store.register(userId, { barcode: barcode.barcode, collectedOn: body.collectedOn }, body.participant);
    if (outcome.kind !== "no-match") {
      await misses.giveBackMiss(sourceScope, bySource.windowStart);
      await misses.giveBackMiss(participantScope, byParticipant.windowStart);
    }
    switch (outcome.kind) {
      case "registered":
        return sendJson(res, 201, { kit: outcome.kit });
      case "yours":
        throw new RequestError(409, "This kit is registered to this participant already", { kit: outcome.kit });
      case "withdrawn":
        throw new RequestError(409, "A participant who asked to withdraw registers no kit");
      case "no-participant":
        throw new RequestError(409, "No record of this participant: send participant with the first kit");
      case "no-match":
        throw new RequestError(404, "No kit that this participant can register has this barcode");
    }
  };

  return {
    /** `kits/{userID}`: GET the participant's kits, POST one to register (their own token, after `authorize`). */
    list: (async (req, res) => sendJson(res, 200, { kits: await store.list(req.params.userId) })) satisfies Handler<"userId">,
    register,

    /** POST /dev/kits (development only): the program sending a kit out; answers its barcode. */
    issue: (async (req, res) => {
      const {
        barcode: given,
        registeredTo,
        ...input
      } = await parsedBody(req, IssueBody, "sourceId, isHealthOrResearch, barcode and registeredTo are optional, nothing else");
      const checked = given === undefined ? undefined : checkKitBarcode(given);
      if (checked && !checked.ok) throw new RequestError(400, "The barcode is not twelve digits whose last is the check digit");
      const issued = await store.issue({ ...input, barcode: checked?.barcode });
      if (registeredTo !== undefined) {
        const outcome = await store.register(registeredTo, { barcode: issued, collectedOn: deps.now().toISOString().slice(0, 10) });
        if (outcome.kind !== "registered")
          throw new RequestError(409, `The kit could not be registered to ${registeredTo}: ${outcome.kind}`);
      }
      sendJson(res, 201, { barcode: issued });
    }) satisfies Handler,
  };
}
