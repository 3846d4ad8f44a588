import type { CourierJob } from "@storefront/domain/contract";
import { type FormEvent, useState } from "react";
import { ApiRefusal } from "../lib/api.ts";
import { useWords, type Words } from "../lib/i18n.ts";
import type { DeliveryProof } from "../lib/offline-queue.ts";
import { shrinkPhoto } from "../lib/proof-photo.ts";
import { BigButton, Notice, ScreenTitle } from "./parts.tsx";
import { CallCustomer } from "./places.tsx";

/** The API's refusal of a delivery in the courier's words: the wrong code with its count, or locked. */
export function deliveryRefusal(error: unknown, { t }: Pick<Words, "t">): string {
  if (!(error instanceof ApiRefusal)) return t("error.generic");
  if (error.error?.errorCode === "HANDOVER_LOCKED") return t("handover.locked");
  if (error.error?.type === "InvalidHandoverCodeException") {
    // The API counts the wrong codes.
    const wrong = error.error.wrongCodes;
    return wrong === undefined ? t("handover.wrong") : t("handover.wrongCount", { count: wrong });
  }
  if (error.status === 404) return t("error.notYours");
  return t("error.generic");
}

/**
 * Delivering: the customer's 4-digit code from their order page, or for a contactless delivery a
 * photo of the order at the door (the camera, the photo made small, shown before it is sent).
 */
export function Handover({
  job,
  onBack,
  onDeliver,
}: {
  job: CourierJob;
  onBack: () => void;
  /** Resolves once sent or queued; rejects with the API's refusal. */
  onDeliver: (proof: DeliveryProof) => Promise<void>;
}) {
  const words = useWords();
  const { t } = words;
  const byPhoto = job.proof === "PHOTO";
  const [code, setCode] = useState("");
  const [photo, setPhoto] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const takePhoto = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      setPhoto(await shrinkPhoto(file));
    } catch {
      setError(t("handover.photoFailed"));
    } finally {
      setBusy(false);
    }
  };

  const deliver = async (event: FormEvent) => {
    event.preventDefault();
    const proof: DeliveryProof | null = byPhoto ? (photo ? { photo } : null) : { handoverCode: code };
    if (!proof) return;
    setBusy(true);
    setError(null);
    try {
      await onDeliver(proof);
    } catch (refusal) {
      setError(deliveryRefusal(refusal, words));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={deliver} className="flex min-h-[calc(100dvh-5rem)] flex-col gap-5 p-4">
      <ScreenTitle title={t("handover.title", { id: job.orderId })} onBack={onBack} />
      {byPhoto ? (
        <>
          <p className="text-xl">{t("handover.photoHint")}</p>
          <label className="flex min-h-16 cursor-pointer items-center justify-center rounded-xl border-2 border-ink bg-white px-4 text-xl font-bold">
            {photo ? t("handover.retake") : t("handover.takePhoto")}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(event) => void takePhoto(event.target.files?.[0])}
            />
          </label>
          {photo ? (
            <img
              src={photo}
              alt={t("handover.preview")}
              className="max-h-80 w-full rounded-xl object-contain"
            />
          ) : null}
        </>
      ) : (
        <>
          <p className="text-xl">{t("handover.codeHint")}</p>
          <label className="flex flex-col gap-2 text-lg font-semibold">
            {t("handover.code")}
            <input
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]{4}"
              maxLength={4}
              dir="ltr"
              required
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 4))}
              className="min-h-20 w-full rounded-xl border-2 border-ink bg-white px-4 text-center text-5xl font-black tracking-[0.5em]"
            />
          </label>
        </>
      )}
      {error ? <Notice tone="bad">{error}</Notice> : null}
      <CallCustomer job={job} />
      <BigButton
        type="submit"
        busy={busy}
        disabled={byPhoto ? !photo : code.length !== 4}
        className="mt-auto min-h-16 text-2xl"
      >
        {t("handover.submit")}
      </BigButton>
    </form>
  );
}
