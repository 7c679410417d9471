import { useTranslation } from "react-i18next";

export default function MyResults() {
  const { t } = useTranslation();
  return <h1>{t("header.results")}</h1>;
}
