import { randomBytes } from "node:crypto";
import {
  barrierReference,
  mailboxOf,
  REFERENCE_PATTERN,
  REPORTS_PER_ADDRESS,
  REPORTS_PER_SOURCE,
  type BarrierReport,
} from "~/domain/barrier-report";
import type { Language } from "~/i18n/languages";
import { clientSourceHash } from "./client-source.server";
import { database } from "./db.server";
import { env } from "./env.server";
import { basicAuthorization } from "./idp.server";
import { logger } from "./logger.server";
import { callUpstream } from "./upstream.server";

export type BarrierReportOutcome = { kind: "received"; reference: string } | { kind: "too-many" };

export type ReportedBy = { clientAddress: string; userId: string | null; language: Language; requestId?: string };

/**
 * Stores the report unless its source or its address has sent too many lately. Both counts and the
 * insert run under locks on the source and the address, so instances racing cannot pass a limit.
 */
async function store(report: BarrierReport, by: ReportedBy): Promise<string | null> {
  const db = await database();
  // The client's address is kept only as a keyed hash: enough to count its reports, nothing to find it by.
  const source = clientSourceHash("barrier-report-source", by.clientAddress);
  // One mailbox, however it is tagged ('name+1@', 'name+2@'): the limit is per mailbox.
  const address = mailboxOf(report.email);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`barrier-source:${source}`]);
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`barrier-address:${address}`]);
    const [counts] = await tx.query<{ from_source: number; to_address: number }>(
      `SELECT
         (SELECT count(*)::int FROM portal_barrier_reports WHERE source_hash = $1 AND created_at > now() - make_interval(secs => $3)) AS from_source,
         (SELECT count(*)::int FROM portal_barrier_reports WHERE regexp_replace(lower(email), '[+][^@]*@', '@') = $2 AND created_at > now() - make_interval(secs => $4)) AS to_address`,
      [source, address, REPORTS_PER_SOURCE.windowSeconds, REPORTS_PER_ADDRESS.windowSeconds],
    );
    if ((counts?.from_source ?? 0) >= REPORTS_PER_SOURCE.max || (counts?.to_address ?? 0) >= REPORTS_PER_ADDRESS.max) return null;
    const reference = barrierReference(new Date().getUTCFullYear(), randomBytes(6));
    await tx.query(
      `INSERT INTO portal_barrier_reports (reference, page, description, email, language, user_id, source_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [reference, report.page, report.description, report.email, by.language, by.userId, source],
    );
    return reference;
  });
}

/** The acknowledgement, through the identity provider's e-mail (its development outbox here); it may fail without losing the report. */
async function acknowledge(reference: string, report: BarrierReport, by: ReportedBy): Promise<boolean> {
  const reply = await callUpstream({
    upstream: "identity",
    url: `${env.IDP_ISSUER.replace(/\/$/, "")}/api/portal/barrier-report-receipt`,
    method: "POST",
    headers: { Authorization: basicAuthorization() },
    json: { to: report.email, reference, language: by.language },
    timeoutMs: env.ACCOUNT_API_TIMEOUT_MS,
    requestId: by.requestId,
  });
  if (!reply.answered || !reply.ok) return false;
  const db = await database();
  await db.query(`UPDATE portal_barrier_reports SET acknowledged_at = now() WHERE reference = $1`, [reference]);
  return true;
}

/** 'Report a barrier': stored first, then acknowledged by e-mail. */
export async function submitBarrierReport(report: BarrierReport, by: ReportedBy): Promise<BarrierReportOutcome> {
  const reference = await store(report, by);
  if (!reference) return { kind: "too-many" };
  const acknowledged = await acknowledge(reference, report, by);
  if (!acknowledged) logger.warn({ reference, requestId: by.requestId }, "barrier report stored but not acknowledged");
  return { kind: "received", reference };
}

/** Whether a reference names a stored report (the page then confirms it was received). */
export async function barrierReportExists(reference: string): Promise<boolean> {
  if (!REFERENCE_PATTERN.test(reference)) return false;
  const db = await database();
  const rows = await db.query(`SELECT 1 FROM portal_barrier_reports WHERE reference = $1`, [reference]);
  return rows.length > 0;
}
