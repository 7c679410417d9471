import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Framework floor" }];

export default function Index() {
  return (
    <main>
      <h1>Framework floor</h1>
      <p>One Remix route: no session, no translations, no database.</p>
    </main>
  );
}
