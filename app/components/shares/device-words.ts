import { deviceParts } from "~/domain/report-share";
import { useTranslation } from "~/i18n/react";

/** 'a computer (Chrome)': the kind of device in the page's language, the browser's own name. */
export function useDeviceWords() {
  const { t } = useTranslation("shares");
  return (description: string) => {
    const { kind, browser } = deviceParts(description);
    const device = t(`device.${kind ?? "unknown"}`);
    return browser ? t("device.withBrowser", { device, browser }) : device;
  };
}
