import { randomUUID } from "node:crypto";
import type { Database } from "../../../lib/postgres/index.ts";
import { newShareCode, type ShareHasher } from "../shares/share-secrets.ts";

/** A relative code opens its letter for this many days from the day the letter was made. */
export const FAMILY_LETTER_DAYS = 90;

/** A family letter as its participant sees it: its relative code, until when, and how many times it was used (never by whom). */
export interface FamilyLetterView {
  id: string;
  appId: string;
  code: string;
  createdAt: Date;
  expiresAt: Date;
  state: "active" | "expired" | "ended" | "withdrawn";
  endedAt: Date | null;
  uses: number;
}

interface LetterRow extends Omit<FamilyLetterView, "code" | "state"> {
  code_sealed: string;
  withdrawn: boolean;
}

/** Every query names the withdrawal rule once: a participant who asked to withdraw gives out nothing any more. */
const LETTER_COLUMNS = `l.id, l.app_id AS "appId", l.code_sealed, l.created_at AS "createdAt", l.expires_at AS "expiresAt",
  l.ended_at AS "endedAt", l.uses, EXISTS (SELECT 1 FROM results_withdrawals w WHERE w.user_id = l.user_id) AS withdrawn`;

function stateOf(row: LetterRow, now: Date): FamilyLetterView["state"] {
  if (row.endedAt) return "ended";
  if (row.withdrawn) return "withdrawn";
  return row.expiresAt <= now ? "expired" : "active";
}

/**
 * Family letters and their relative codes. The code is kept as a keyed hash (to find a letter by it)
 * and sealed to its letter (so the participant's letter can show it again); a relative's use counts
 * one, and nothing about who used it is kept.
 */
export function createFamilyLetterStore(db: Database, hasher: ShareHasher, now: () => Date) {
  function toView(row: LetterRow): FamilyLetterView {
    const { code_sealed, withdrawn: _withdrawn, ...view } = row;
    return { ...view, code: hasher.unseal(code_sealed, row.id) ?? "", state: stateOf(row, now()) };
  }

  async function find(userId: string, letterId: string): Promise<FamilyLetterView | null> {
    const [row] = await db.query<LetterRow>(`SELECT ${LETTER_COLUMNS} FROM results_family_letters l WHERE l.user_id = $1 AND l.id = $2`, [
      userId,
      letterId,
    ]);
    return row ? toView(row) : null;
  }

  return {
    async list(userId: string): Promise<FamilyLetterView[]> {
      const rows = await db.query<LetterRow>(
        `SELECT ${LETTER_COLUMNS} FROM results_family_letters l WHERE l.user_id = $1 ORDER BY l.created_at DESC, (l.ended_at IS NULL) DESC LIMIT 100`,
        [userId],
      );
      return rows.map(toView);
    },

    find,

    /**
     * The report's open letter, or a new one: one open letter (one relative code) per report, so the
     * same request sent twice, or from two tabs, answers the same letter. Refused after a withdrawal.
     */
    async create(userId: string, appId: string): Promise<{ letter: FamilyLetterView; created: boolean } | "withdrawn"> {
      return db.transaction(async (tx) => {
        await tx.query("SELECT user_id FROM results_patients WHERE user_id = $1 FOR UPDATE", [userId]);
        const [withdrawn] = await tx.query("SELECT 1 FROM results_withdrawals WHERE user_id = $1 LIMIT 1", [userId]);
        if (withdrawn) return "withdrawn" as const;
        const [open] = await tx.query<LetterRow>(
          `SELECT ${LETTER_COLUMNS} FROM results_family_letters l
           WHERE l.user_id = $1 AND l.app_id = $2 AND l.ended_at IS NULL AND l.expires_at > $3 ORDER BY l.created_at DESC LIMIT 1`,
          [userId, appId, now()],
        );
        if (open) return { letter: toView(open), created: false };
        const id = randomUUID();
        const code = newShareCode();
        const createdAt = now();
        const expiresAt = new Date(createdAt.getTime() + FAMILY_LETTER_DAYS * 86_400_000);
        const [row] = await tx.query<LetterRow>(
          `INSERT INTO results_family_letters AS l (id, user_id, app_id, code_hash, code_sealed, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${LETTER_COLUMNS}`,
          [id, userId, appId, hasher.hash("relative", code), hasher.seal(code, id), createdAt, expiresAt],
        );
        return { letter: toView(row!), created: true };
      });
    },

    /** Ends a letter's code at once (a letter that had ended stays as it was). */
    async end(userId: string, letterId: string): Promise<FamilyLetterView | null> {
      await db.query("UPDATE results_family_letters SET ended_at = $3 WHERE user_id = $1 AND id = $2 AND ended_at IS NULL", [
        userId,
        letterId,
        now(),
      ]);
      return find(userId, letterId);
    },

    /**
     * A relative's code: the letter it opens (counted as one use), or why not. `limited` (the source or
     * the deployment has spent its failed attempts): only a right code of an open letter still opens.
     */
    async open(
      code: string,
      limited = false,
    ): Promise<
      | { kind: "opened"; letter: FamilyLetterView }
      | { kind: "no-match" }
      | { kind: "ended"; reason: "expired" | "ended" }
      | { kind: "limited" }
    > {
      const [row] = await db.query<LetterRow>(
        `UPDATE results_family_letters l SET uses = uses + 1
         WHERE l.code_hash = $1 AND l.ended_at IS NULL AND l.expires_at > $2
           AND NOT EXISTS (SELECT 1 FROM results_withdrawals w WHERE w.user_id = l.user_id)
         RETURNING ${LETTER_COLUMNS}`,
        [hasher.hash("relative", code), now()],
      );
      if (row) return { kind: "opened", letter: toView(row) };
      if (limited) return { kind: "limited" };
      const [known] = await db.query<LetterRow>(`SELECT ${LETTER_COLUMNS} FROM results_family_letters l WHERE l.code_hash = $1`, [
        hasher.hash("relative", code),
      ]);
      if (!known) return { kind: "no-match" };
      return { kind: "ended", reason: stateOf(known, now()) === "expired" ? "expired" : "ended" };
    },
  };
}

export type FamilyLetterStore = ReturnType<typeof createFamilyLetterStore>;
