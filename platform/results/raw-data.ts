import type { IncomingMessage } from "node:http";
import { RequestError, verifyStepUp, type RouteBasics } from "./token-verifier.ts";

/**
 * Raw genetic data (the exome file, and the archive of everything, which holds it) is released only
 * with the identity provider's proof that the participant passed a second factor a moment ago for
 * the purpose `download`, in `X-Step-Up-Proof`. Each proof is taken once, and each exome link opens
 * once: an id is spent in `results_single_uses` by one statement, so two requests cannot both use it.
 */
export function createRawDataGate(deps: RouteBasics) {
  /** Spends `id`: true the first time, false ever after. Old ids are forgotten after a day (proofs and links live minutes). */
  async function spend(id: string): Promise<boolean> {
    await deps.db.query("DELETE FROM results_single_uses WHERE used_at < $1", [new Date(deps.now().getTime() - 86_400_000)]);
    const rows = await deps.db.query(
      "INSERT INTO results_single_uses (id, used_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id",
      [id, deps.now()],
    );
    return rows.length > 0;
  }

  return {
    /** The request's proof, taken: 428 without one, 403 for another participant's, another purpose's, an old or a used one. */
    async takeProof(req: IncomingMessage, userId: string): Promise<void> {
      const given = req.headers["x-step-up-proof"];
      const proof = Array.isArray(given) ? given[0] : given;
      if (!proof) throw new RequestError(428, "A fresh verification is needed to download this file");
      const proofId = await verifyStepUp(deps.verifyToken, proof, userId, "download");
      if (!(await spend(`proof:${proofId}`))) throw new RequestError(403, "This verification has already been used");
    },
    /** A link's single-use id, spent when the link is followed: false when it was followed before. */
    spendLink: (once: string) => spend(`link:${once}`),
  };
}

export type RawDataGate = ReturnType<typeof createRawDataGate>;
