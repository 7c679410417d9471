import { Footer } from "./footer";
import { Header } from "./header";
import * as styles from "./page-shell.css";
import { PrivacyChoicesPage, usePrivacyPanel } from "./privacy-choices";
import type { Visitor } from "./visitor";

export function PageShell({ visitor, children }: { visitor: Visitor | null; children: React.ReactNode }) {
  const privacy = usePrivacyPanel();
  return (
    <div className={styles.shell}>
      <Header visitor={visitor} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {privacy.page ? <PrivacyChoicesPage tab={privacy.page} /> : children}
      </main>
      <Footer currentYear={new Date().getFullYear()} privacyModal={privacy.modal} />
    </div>
  );
}
