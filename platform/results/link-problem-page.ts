import escapeHtml from "escape-html";
import type { ReportLanguage } from "./report-content.ts";

export type LinkProblem = "expired" | "invalid" | "missing" | "used";

const words = {
  en: {
    title: {
      expired: "This report link has expired",
      invalid: "This report link is not valid",
      missing: "This report was not found",
      used: "This download link has been used",
    },
    body: {
      expired: "Report links work for a few minutes only, so that nobody else can open your report later.",
      invalid: "The link may be incomplete or changed.",
      missing: "There is no report at this address.",
      used: "A link to your raw genetic data works once. To download the file again, confirm it's you again from My Results.",
    },
    back: "Open the report again from My Results",
  },
  es: {
    title: {
      expired: "Este enlace al informe ha expirado",
      invalid: "Este enlace al informe no es válido",
      missing: "No se encontró este informe",
      used: "Este enlace de descarga ya se usó",
    },
    body: {
      expired: "Los enlaces a los informes funcionan solo unos minutos, para que nadie más pueda abrir su informe después.",
      invalid: "Es posible que el enlace esté incompleto o se haya modificado.",
      missing: "No hay ningún informe en esta dirección.",
      used: "Un enlace a sus datos genéticos sin procesar funciona una sola vez. Para volver a descargar el archivo, confirme de nuevo que es usted desde Mis resultados.",
    },
    back: "Vuelva a abrir el informe desde Mis resultados",
  },
} satisfies Record<ReportLanguage, unknown>;

/** A small page in the link's language instead of an error object, with the way back to the portal. */
export function renderLinkProblemPage(problem: LinkProblem, language: ReportLanguage, portalUrl: string, styleNonce: string): string {
  const w = words[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(w.title[problem])}</title>
<style nonce="${styleNonce}">
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f2b;max-width:40rem;margin:0 auto;padding:1.5rem;line-height:1.5}
h1{color:#323D5F;font-size:1.5rem}a{color:#1f5fbf}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(w.title[problem])}</h1>
<p>${escapeHtml(w.body[problem])}</p>
<p><a href="${escapeHtml(portalUrl)}/">${escapeHtml(w.back)}</a></p>
</main>
</body>
</html>
`;
}
