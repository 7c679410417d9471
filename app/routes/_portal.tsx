import { Outlet, useLoaderData } from "@remix-run/react";
import { json } from "@remix-run/node";
import { PageShell } from "~/components/layout/page-shell";
import type { Visitor } from "~/components/layout/visitor";

export async function loader() {
  const visitor: Visitor | null = null;
  return json({ visitor });
}

export default function PortalLayout() {
  const { visitor } = useLoaderData<typeof loader>();
  return (
    <PageShell visitor={visitor}>
      <Outlet />
    </PageShell>
  );
}
