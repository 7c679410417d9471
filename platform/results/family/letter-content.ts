import { documentDate } from "../document-parts.ts";
import type { ReportContent, ReportLanguage } from "../report-content.ts";
import { FAMILY_LETTER_DAYS } from "./letter-store.ts";

/**
 * The family letter, in plain words (short sentences, everyday terms, about a sixth-grade reading
 * level), in each language the program writes reports in. It names no one and gives no result: it
 * says what FH is, why relatives should be tested, and how, with the relative code.
 */
const words = {
  en: {
    title: "A letter for your family about familial hypercholesterolemia (FH)",
    why: "Why you are getting this letter",
    whyText: [
      "Someone in your family took part in a DNA research program and had a genetic test for familial hypercholesterolemia, or FH. They asked us to send you this letter, because FH runs in families.",
      "This letter does not show their test result or any other health information about them.",
    ],
    what: "What FH is",
    whatText: [
      "FH is a condition you are born with. It makes it hard for the body to remove LDL cholesterol, the “bad” cholesterol, from the blood.",
      "With FH, cholesterol is high from childhood. Without treatment, it can lead to a heart attack or a stroke at a young age. About 1 in 250 people have FH, and most of them do not know it.",
    ],
    relatives: "Why relatives should be tested",
    relativesText: [
      "FH passes from parent to child. If one of your parents, brothers, sisters or children has FH, you have a 1 in 2 chance of having it too. Children can be tested as well.",
      "FH can be treated. Healthy food, exercise and medicine that lowers cholesterol greatly lower the risk of heart disease, and they work best when started early.",
    ],
    how: "How to get tested",
    howText: (days: number) => [
      "1. Go to the address below and type your relative code. You will see this letter and how to get tested. You do not need an account.",
      "2. Show this letter to your doctor. Ask for a cholesterol blood test and a genetic test for FH. A genetic counselor can also help you decide.",
      `3. The program offers a genetic test for FH to the relatives of the person who sent this letter, at no cost, for ${days} days from the date of this letter. Give your relative code when you ask for it, so the laboratory knows what to look for in your family.`,
    ],
    code: "Your relative code",
    until: "Use it until",
    where: "Where to use it",
    about: "About this letter",
    aboutText: [
      "This letter gives general information. It is not medical advice and it does not replace a visit to your doctor.",
      "This letter was made from demonstration data. It contains no real genetic information.",
    ],
  },
  es: {
    title: "Una carta para su familia sobre la hipercolesterolemia familiar (HF)",
    why: "Por qué recibe esta carta",
    whyText: [
      "Una persona de su familia participó en un programa de investigación del ADN y se hizo una prueba genética de hipercolesterolemia familiar, o HF. Nos pidió que le enviáramos esta carta, porque la HF se hereda en las familias.",
      "Esta carta no muestra el resultado de su prueba ni ninguna otra información de salud sobre esa persona.",
    ],
    what: "Qué es la HF",
    whatText: [
      "La HF es una afección con la que se nace. Hace que al cuerpo le cueste eliminar de la sangre el colesterol LDL, el colesterol “malo”.",
      "Con HF, el colesterol está alto desde la infancia. Sin tratamiento, puede causar un ataque al corazón o un derrame cerebral a una edad temprana. Alrededor de 1 de cada 250 personas tiene HF, y la mayoría no lo sabe.",
    ],
    relatives: "Por qué sus familiares deben hacerse la prueba",
    relativesText: [
      "La HF pasa de padres a hijos. Si uno de sus padres, hermanos, hermanas o hijos tiene HF, usted tiene 1 probabilidad entre 2 de tenerla también. Los niños también pueden hacerse la prueba.",
      "La HF se puede tratar. Una alimentación sana, el ejercicio y los medicamentos que bajan el colesterol reducen mucho el riesgo de enfermedad del corazón, y funcionan mejor si se empiezan pronto.",
    ],
    how: "Cómo hacerse la prueba",
    howText: (days: number) => [
      "1. Vaya a la dirección de abajo y escriba su código para familiares. Verá esta carta y cómo hacerse la prueba. No necesita una cuenta.",
      "2. Muestre esta carta a su médico. Pida un análisis de sangre del colesterol y una prueba genética de HF. Un asesor genético también puede ayudarle a decidir.",
      `3. El programa ofrece una prueba genética de HF a los familiares de la persona que envió esta carta, sin costo, durante ${days} días desde la fecha de esta carta. Dé su código para familiares al pedirla, para que el laboratorio sepa qué buscar en su familia.`,
    ],
    code: "Su código para familiares",
    until: "Úselo hasta el",
    where: "Dónde usarlo",
    about: "Acerca de esta carta",
    aboutText: [
      "Esta carta da información general. No es un consejo médico y no sustituye una visita a su médico.",
      "Esta carta se hizo con datos de demostración. No contiene información genética real.",
    ],
  },
} satisfies Record<ReportLanguage, unknown>;

/** The letter for one relative code, in one language: the same words on the page and in the PDF. */
export function familyLetterContent(
  letter: { code: string; expiresAt: Date },
  options: { language: ReportLanguage; relativePageUrl: string },
): ReportContent {
  const w = words[options.language];
  return {
    language: options.language,
    title: w.title,
    // A letter names no one: it goes to people the participant chooses, and may be passed on.
    participantName: "",
    sections: [
      { heading: w.why, paragraphs: w.whyText },
      { heading: w.what, paragraphs: w.whatText },
      { heading: w.relatives, paragraphs: w.relativesText },
      {
        heading: w.how,
        paragraphs: w.howText(FAMILY_LETTER_DAYS),
        rows: [
          [w.code, letter.code],
          [w.until, documentDate(letter.expiresAt, options.language)],
          [w.where, options.relativePageUrl],
        ],
      },
      { heading: w.about, paragraphs: w.aboutText },
    ],
  };
}
