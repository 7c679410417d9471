import { type MetaFunction, useLoaderData } from "react-router";

export const meta: MetaFunction = () => [{ title: "Framework floor" }];

/** A small plain object: the data round trip of a page, without anything behind it. */
export function loader() {
  return { framework: "React Router 8", session: false, translations: false, database: false };
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Framework floor</h1>
      <p>One {data.framework} route: no session, no translations, no database.</p>
    </main>
  );
}
