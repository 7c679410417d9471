import { data } from "react-router";
import { privatePageHeaders, readSession, visitorOf } from "~/services/session.server";
import type { Route } from "./+types/$";

/**
 * Unknown URLs answer a real 404; someone signed in keeps their header. Never stored (it may carry the
 * participant's name): the root's `headers` keeps the `Cache-Control` thrown here.
 */
export async function loader({ request }: Route.LoaderArgs): Promise<never> {
  const { session } = await readSession(request);
  throw data({ visitor: session ? visitorOf(session) : null }, { status: 404, statusText: "Not Found", headers: privatePageHeaders });
}

export const action = loader;

export default function NotFound() {
  return null;
}
