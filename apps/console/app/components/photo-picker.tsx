import type { Endpoint } from "@storefront/domain/endpoints";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ConsoleApiError, consoleUpload } from "../lib/api.ts";
import { API_ORIGIN } from "../lib/api-origin.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";

/** What an upload's refusal says to the member. */
const PHOTO_ERRORS: Record<number, MessageKey> = { 413: "menus.photoTooBig", 415: "menus.photoType" };

/**
 * A picture as the storefront shows it now, and a file picker that replaces it at once (the API
 * makes it into the storefront's sizes); the screen's data is read again after.
 */
export function PhotoPicker({
  current,
  upload,
  label,
  tooSmall,
  width,
  height,
  saved = "menus.photoSaved",
  fit = "cover",
}: {
  /** The picture's smallest size, if there is one. */
  current: string | null;
  upload: Endpoint;
  /** The file picker's accessible name ("Photo of Margherita"). */
  label: string;
  tooSmall: MessageKey;
  width: number;
  height: number;
  /** What a saved upload says. */
  saved?: MessageKey;
  /** "contain" shows a logo whole rather than cropped. */
  fit?: "cover" | "contain";
}) {
  const t = useT();
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ busy: boolean; message: MessageKey | null; good: boolean }>({
    busy: false,
    message: null,
    good: false,
  });
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, message: null, good: false });
    try {
      await consoleUpload(upload, file);
      setState({ busy: false, message: saved, good: true });
      void revalidator.revalidate();
    } catch (error) {
      const status = error instanceof ConsoleApiError ? error.status : 0;
      const small = error instanceof ConsoleApiError && error.body.errorCode === "TOO_SMALL";
      setState({
        busy: false,
        message: small ? tooSmall : (PHOTO_ERRORS[status] ?? "menus.photoType"),
        good: false,
      });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {current ? (
        <img
          src={`${API_ORIGIN}${current}`}
          alt=""
          width={width}
          height={height}
          style={{ width, height }}
          className={`rounded-md ${fit === "contain" ? "object-contain" : "object-cover"}`}
        />
      ) : (
        <span
          style={{ width, height }}
          className="grid place-items-center rounded-md bg-surface text-center text-ink-soft text-xs"
        >
          {t("menus.noPhoto")}
        </span>
      )}
      <label className="cursor-pointer rounded-lg border border-line px-2 py-1 text-sm">
        {state.busy ? t("menus.photoUploading") : t("menus.changePhoto")}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={label}
          className="sr-only"
          disabled={state.busy}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </label>
      {state.message ? (
        <span role="status" className={`text-sm ${state.good ? "text-emerald-800" : "text-red-800"}`}>
          {t(state.message)}
        </span>
      ) : null}
    </div>
  );
}
