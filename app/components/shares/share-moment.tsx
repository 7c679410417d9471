import { useMomentZone } from "~/components/use-moment-zone";
import { dayAndTime } from "~/domain/clock-time";
import { deviceParts } from "~/domain/report-share";
import { useTranslation } from "~/i18n-react";

/** A moment in the page's language: the server's named time zone until the browser's own is known. */
export function ShareMoment({ at, serverTimeZone }: { at: string; serverTimeZone: string }) {
  const { i18n } = useTranslation("shares");
  const zone = useMomentZone(serverTimeZone);
  return <time dateTime={at}>{dayAndTime(Date.parse(at), i18n.language, zone)}</time>;
}

/** 'a computer (Chrome)': the kind of device in the page's language, the browser's own name. */
export function useDeviceWords() {
  const { t } = useTranslation("shares");
  return (description: string) => {
    const { kind, browser } = deviceParts(description);
    const device = t(`device.${kind ?? "unknown"}`);
    return browser ? t("device.withBrowser", { device, browser }) : device;
  };
}
