import * as z from "zod";
import { parsedBody, sendJson, type Handler } from "./http-kit.ts";
import { readableSymbols } from "./shares/share-secrets.ts";
import { RequestError, verifyStepUp, type RouteBasics } from "./token-verifier.ts";

/**
 * Withdrawal requests: what the participant asked for, recorded with a reference number once they
 * have passed a fresh code (a step-up proof from the identity provider, accepted once). Staff move
 * a request on (received → in progress → completed); the participant sees where it stands.
 */

const WITHDRAWAL_CHOICES = ["stop-research", "destroy-sample", "delete-data"] as const;

/** A request as the participant sees it (its date answers as an ISO string). */
const WITHDRAWAL = `reference, choice, status, requested_at AS "requestedAt"`;

interface Withdrawal {
  reference: string;
  choice: (typeof WITHDRAWAL_CHOICES)[number];
  status: "received" | "in-progress" | "completed";
  requestedAt: Date;
}

const newReference = (now: Date) => `WD-${now.getUTCFullYear()}-${readableSymbols(6)}`;

const RequestBody = z.object({
  choice: z.enum(WITHDRAWAL_CHOICES),
  /** The portal's id for this request, so a retry after a crash finds the request it made. */
  requestKey: z.string().min(8).max(100),
  verification: z.string().min(1).max(4000),
});

export function createWithdrawalRoutes(deps: RouteBasics) {
  const { db } = deps;
  return {
    list: (async (req, res) => {
      const withdrawals = await db.query<Withdrawal>(
        `SELECT ${WITHDRAWAL} FROM results_withdrawals WHERE user_id = $1 ORDER BY requested_at DESC`,
        [req.params.userId],
      );
      sendJson(res, 200, { withdrawals });
    }) satisfies Handler<"userId">,

    record: (async (req, res) => {
      const { userId } = req.params;
      const { choice, requestKey, verification } = await parsedBody(req, RequestBody, "choice, requestKey and verification are required");
      // The same request again (a retry) is answered with what was recorded, before the proof is looked at.
      const [again] = await db.query<Withdrawal>(`SELECT ${WITHDRAWAL} FROM results_withdrawals WHERE user_id = $1 AND request_key = $2`, [
        userId,
        requestKey,
      ]);
      if (again) return sendJson(res, 200, { withdrawal: again });
      // The identity provider's proof that the participant just passed a code, for this participant and this purpose.
      const proofId = await verifyStepUp(deps.verifyToken, verification, userId, "withdrawal");
      const outcome = await db.transaction(async (tx) => {
        await tx.query("SELECT user_id FROM results_patients WHERE user_id = $1 FOR UPDATE", [userId]);
        const [open] = await tx.query<Withdrawal>(
          `SELECT ${WITHDRAWAL} FROM results_withdrawals WHERE user_id = $1 AND status <> 'completed' ORDER BY requested_at DESC LIMIT 1`,
          [userId],
        );
        if (open) return { status: 409, withdrawal: open };
        const [row] = await tx.query<Withdrawal>(
          `INSERT INTO results_withdrawals (reference, user_id, choice, request_key, verification_id, requested_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (verification_id) DO NOTHING RETURNING ${WITHDRAWAL}`,
          [newReference(deps.now()), userId, choice, requestKey, proofId, deps.now()],
        );
        if (!row) throw new RequestError(403, "This verification has already been used");
        return { status: 201, withdrawal: row };
      });
      sendJson(res, outcome.status, { withdrawal: outcome.withdrawal });
    }) satisfies Handler<"userId">,
  };
}
