import * as z from "zod";

/** The download form (SPEC.md §2 'Result cards'): which app, and whether a script will open the tab. */
export const ReportRequestSchema = z.object({
  appId: z.string().trim().min(1).max(200),
  opensIn: z.enum(["tab"]).optional(),
});

export type ReportRequest = z.infer<typeof ReportRequestSchema>;

/** What the report action answers a script with (without JavaScript it redirects instead). */
export type ReportActionData =
  { outcome: "opened"; reportUrl: string } | { outcome: "failed" } | { outcome: "network-error" } | { outcome: "invalid" };

/** SPEC.md §4 'Result download' and §8: network code 599 shows the network error screen, any other failure the notification. */
export function downloadFailureKind(status: number): "network-error" | "failed" {
  return status === 599 ? "network-error" : "failed";
}
