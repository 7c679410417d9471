import * as z from "zod";
import { END_OTHER_SESSIONS_INTENT, END_SESSION_INTENT } from "./active-sessions";

export const SessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(END_SESSION_INTENT), session: z.string().regex(/^[A-Za-z0-9_-]{32}$/) }),
  z.object({ intent: z.literal(END_OTHER_SESSIONS_INTENT) }),
]);
