import * as profile from "~/components/profile/profile.css";
import type { SharedReport } from "~/domain/report-share-reply";
import * as styles from "./shares.css";

/** The report as accessible HTML: its sections as headings, paragraphs and two-column tables, in its own language. */
export function SharedReportView({ report }: { report: SharedReport["report"] }) {
  return (
    <article lang={report.language} aria-labelledby="shared-report-title" className={profile.form}>
      <h2 id="shared-report-title" className={profile.cardHeading}>
        {report.title}
      </h2>
      {report.sections.map((section, index) => (
        <section key={index} aria-labelledby={`shared-section-${index}`} className={styles.reportSection}>
          <h3 id={`shared-section-${index}`} className={profile.rowLabel}>
            {section.heading}
          </h3>
          {section.paragraphs?.map((paragraph, at) => (
            <p key={at} className={profile.paragraph}>
              {paragraph}
            </p>
          ))}
          {section.rows?.length ? (
            <table className={styles.table}>
              <tbody>
                {section.rows.map(([label, value], at) => (
                  <tr key={at}>
                    <th scope="row" className={styles.cell}>
                      {label}
                    </th>
                    <td className={styles.cell}>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ))}
    </article>
  );
}
