import { useId, type ReactNode } from "react";
import type { ReportContent } from "~/domain/report-content";
import * as styles from "./report-view.css";

type Props = {
  report: ReportContent;
  /** The title's level: 1 where the report is the page (the participant's), 2 under the page's own heading (the clinician's). */
  titleLevel: 1 | 2;
  /** What goes right under the title, in the page's language (the PDF beside the report, who shared it). */
  children?: ReactNode;
};

/** The report as accessible HTML from its PDF's content, in its own language: the participant's page and the clinician's view. */
export function ReportView({ report, titleLevel, children }: Props) {
  const id = useId();
  const Title = titleLevel === 1 ? "h1" : "h2";
  const Heading = titleLevel === 1 ? "h2" : "h3";
  return (
    <article lang={report.language} aria-labelledby={`${id}-title`} className={styles.report}>
      {/* The page's heading can take focus when a script brings the participant to it. */}
      <Title id={`${id}-title`} className={titleLevel === 1 ? styles.title : styles.subtitle} tabIndex={titleLevel === 1 ? -1 : undefined}>
        {report.title}
      </Title>
      {children}
      {report.sections.map((section, index) => (
        <section key={index} aria-labelledby={`${id}-section-${index}`} className={styles.section}>
          <Heading id={`${id}-section-${index}`} className={styles.sectionHeading}>
            {section.heading}
          </Heading>
          {section.paragraphs?.map((paragraph, at) => (
            <p key={at} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
          {section.rows?.length ? (
            <table className={styles.table}>
              <tbody>
                {section.rows.map(([label, value], at) => (
                  <tr key={at}>
                    <th scope="row" className={styles.label}>
                      {label}
                    </th>
                    <td className={styles.value}>{value}</td>
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
