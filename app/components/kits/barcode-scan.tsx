import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/button";
import { useHydrated } from "~/components/use-hydrated";
import { checkKitBarcode, formatKitBarcode } from "~/domain/kit-registration";
import { useTranslation } from "~/i18n/react";
import * as styles from "./kits.css";

/** The part of the Barcode Detection API this uses (not in TypeScript's DOM types yet). */
type BarcodeDetectorConstructor = new (options?: { formats?: string[] }) => {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
};

/** The linear formats a kit's box may carry its twelve digits in. */
const FORMATS = ["code_128", "itf", "upc_a", "ean_13", "code_39"];
const DETECT_EVERY_MS = 250;

function detectorConstructor(): BarcodeDetectorConstructor | null {
  const found = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  const camera = typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
  return typeof found === "function" && camera ? found : null;
}

/** A kit's barcode in what a detector read: the digits alone, if they make one (another code on the box is ignored). */
function kitBarcodeIn(raw: string): string | null {
  const checked = checkKitBarcode(raw.replace(/\D/g, ""));
  return checked.ok ? checked.barcode : null;
}

/** 'Scan the barcode' where the browser can: it only fills the field, and says what was read to check against the box. */
export function BarcodeScan({ onRead }: { onRead: (barcode: string) => void }) {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();
  const [scanning, setScanning] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!scanning) return;
    const Detector = detectorConstructor();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let over = false;
    const stop = () => {
      over = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (over || !video.current) return stop();
        video.current.srcObject = stream;
        // Frames come when the camera sends them; until then the detector finds nothing.
        void video.current.play().catch(() => undefined);
        const detector = new Detector({ formats: FORMATS });
        while (!over && video.current) {
          const codes = await detector.detect(video.current).catch(() => []);
          const barcode = codes.map((code) => kitBarcodeIn(code.rawValue)).find(Boolean);
          if (barcode && !over) {
            stop();
            setScanning(false);
            const printed = formatKitBarcode(barcode);
            setSaid(t("kits.scanned", { barcode: printed }));
            onRead(printed);
          } else await new Promise((next) => setTimeout(next, DETECT_EVERY_MS));
        }
      } catch {
        stop();
        if (!over) {
          setScanning(false);
          setSaid(t("kits.scanFailed"));
        }
      }
    })();
    return stop;
  }, [scanning, onRead, t]);

  if (!hydrated || !detectorConstructor()) return null;
  return (
    <div className={styles.scan}>
      <Button
        variant="outlined"
        aria-expanded={scanning}
        onClick={() => {
          setSaid(null);
          setScanning((on) => !on);
        }}
      >
        {scanning ? t("kits.scanStop") : t("kits.scan")}
      </Button>
      {scanning ? (
        <>
          <p>{t("kits.scanHelp")}</p>
          <video ref={video} className={styles.video} muted playsInline aria-label={t("kits.scanVideo")} />
        </>
      ) : null}
      <p role="status">{said}</p>
    </div>
  );
}
