import type { Database } from "../../lib/postgres/index.ts";
import { DemoParticipantSchema } from "./demo-participants.ts";
import { issuesText, readJsonBody, sendJson, type Handler } from "./http-kit.ts";
import { seedDemoParticipants } from "./seed.ts";
import { RequestError } from "./token-verifier.ts";

/**
 * POST /dev/participants: one participant's results record (kit state and history, apps, consents,
 * downloads, date of birth), described as in the demo file and stored the way the demo is. Development only; a
 * test creates the account at the identity provider first and uses its user id here.
 */
export const devParticipantRoute =
  (db: Database): Handler =>
  async (req, res) => {
    const parsed = DemoParticipantSchema.safeParse(await readJsonBody(req));
    if (!parsed.success) throw new RequestError(400, `Invalid participant: ${issuesText(parsed.error, "body")}`);
    await seedDemoParticipants(db, [parsed.data]);
    sendJson(res, 201, { userId: parsed.data.userId });
  };
