import { Footer } from "./footer";
import { Header } from "./header";
import * as styles from "./page-shell.css";
import { PrivacyChoicesPage, usePrivacyPage } from "./privacy-choices";
import type { Visitor } from "./visitor";

export function PageShell({ visitor, children }: { visitor: Visitor | null; children: React.ReactNode }) {
  const privacyPage = usePrivacyPage();
  return (
    <div className={styles.shell}>
      <Header visitor={visitor} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {privacyPage ? <PrivacyChoicesPage tab={privacyPage} /> : children}
      </main>
      <Footer currentYear={new Date().getFullYear()} />
    </div>
  );
}
