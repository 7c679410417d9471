import { json } from "@remix-run/node";

/** Unknown URLs answer a real 404, rendered by the app's error boundary as the router fallback. */
export function loader() {
  throw json(null, { status: 404, statusText: "Not Found" });
}

export function action() {
  throw json(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
