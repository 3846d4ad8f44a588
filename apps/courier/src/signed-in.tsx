import type { CourierAccount } from "@storefront/domain/contract";
import { courierEndpoints } from "@storefront/domain/endpoints";
import type { Locale } from "@storefront/domain/locales";
import { useSyncExternalStore } from "react";
import type { Screen } from "./app-state.ts";
import { ApiRefusal, courierApi, NoNetwork } from "./lib/api.ts";
import { useWords } from "./lib/i18n.ts";
import { keepCourier } from "./lib/kept.ts";
import { usePositionSender, useWakeLock } from "./lib/on-shift.ts";
import type { Partner } from "./lib/partner.ts";
import { Handover } from "./screens/handover.tsx";
import { JobsScreen } from "./screens/jobs-screen.tsx";
import { Menu } from "./screens/menu.tsx";
import { Notice } from "./screens/parts.tsx";
import { ShiftReport } from "./screens/shift-report.tsx";
import { useJobs } from "./use-jobs.ts";

/** Whether the browser says it has a network (the requests themselves tell the rest). */
function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener("online", changed);
      window.addEventListener("offline", changed);
      return () => {
        window.removeEventListener("online", changed);
        window.removeEventListener("offline", changed);
      };
    },
    () => navigator.onLine,
  );
}

/**
 * A signed-in courier's app: on shift the screen stays awake and the position is sent; the jobs
 * (use-jobs.ts) on the main screen, and the screens the state machine opens from it (app-state.ts).
 */
export function SignedIn({
  appName,
  partner,
  courier,
  screen,
  onCourier,
  onOpen,
  onBack,
  onLocale,
  onSignOut,
  onSignedOut,
}: {
  appName: string;
  partner: Partner;
  courier: CourierAccount;
  screen: Screen;
  onCourier: (courier: CourierAccount) => void;
  onOpen: (screen: Screen, options?: { replace?: boolean }) => void;
  onBack: () => void;
  onLocale: (locale: Locale) => void;
  onSignOut: () => void;
  /** The API no longer knows the session (signed out elsewhere, made inactive). */
  onSignedOut: () => void;
}) {
  const { t } = useWords();
  const online = useOnline();
  const jobs = useJobs({ onShift: courier.onShift, onSignedOut });
  useWakeLock(courier.onShift);
  const position = usePositionSender(courier.onShift);

  const toggleShift = async () => {
    jobs.setWorking("shift");
    jobs.setNotice(null);
    try {
      const changed = await courierApi(courierEndpoints.shift(), { online: !courier.onShift });
      keepCourier(changed);
      onCourier(changed);
      // The end of a shift: what to hand in.
      if (!changed.onShift) onOpen({ name: "report" });
    } catch (error) {
      jobs.whenSignedOut(error);
      const underWay = error instanceof ApiRefusal && error.error?.errorCode === "JOBS_UNDER_WAY";
      const offline = error instanceof NoNetwork;
      jobs.setNotice({
        tone: "bad",
        text: t(underWay ? "shift.jobsUnderWay" : offline ? "error.offline" : "error.generic"),
      });
    } finally {
      jobs.setWorking(null);
    }
  };

  // What is on screen: the state machine's screen, but a hand-over whose job is no longer active
  // (delivered, or taken away meanwhile) shows the jobs.
  const handoverJob =
    screen.name === "handover" ? jobs.jobs.active.find((job) => job.orderId === screen.orderId) : undefined;
  const shown = handoverJob ? "handover" : screen.name === "handover" ? "jobs" : screen.name;
  // The jobs screen's title is the app's name; another screen has a title of its own.
  const Brand = shown === "jobs" ? "h1" : "p";

  return (
    <>
      <header className="sticky top-0 z-[1000] flex items-center justify-between gap-3 border-b-2 border-ink bg-white px-4 py-2">
        {/* Whole on a narrow phone: a long name ("Dostavka Repartidores") takes a second line. */}
        <Brand className="min-w-0 text-xl font-bold leading-tight wrap-break-word">{appName}</Brand>
        <button
          type="button"
          onClick={() => onOpen({ name: "menu" })}
          className="flex min-h-12 shrink-0 items-center gap-2 rounded-xl border-2 border-ink px-3 font-bold"
        >
          <span aria-hidden="true">☰</span>
          {t("menu.title")}
        </button>
      </header>
      <main className="mx-auto max-w-lg">
        {!online || !jobs.reachable ? (
          <div className="px-4 pt-4">
            <Notice tone="warn">{t("offline.banner")}</Notice>
          </div>
        ) : null}
        {jobs.notice && shown === "jobs" ? (
          <div className="px-4 pt-4">
            <Notice tone={jobs.notice.tone}>{jobs.notice.text}</Notice>
          </div>
        ) : null}
        {shown === "menu" ? (
          <Menu
            courier={courier}
            waitingActions={jobs.queue.length}
            onBack={onBack}
            onReport={() => onOpen({ name: "report" }, { replace: true })}
            onLocale={onLocale}
            onSignOut={onSignOut}
          />
        ) : shown === "report" ? (
          <ShiftReport onBack={onBack} />
        ) : handoverJob ? (
          <Handover
            job={handoverJob}
            onBack={onBack}
            onDeliver={async (proof) => {
              await jobs.deliver(handoverJob.orderId, proof);
              onBack();
            }}
          />
        ) : (
          <JobsScreen
            courier={courier}
            jobs={jobs.jobs}
            queue={jobs.queue}
            now={jobs.now}
            tileUrl={partner.mapTileUrl}
            position={position}
            working={jobs.working}
            errors={jobs.errors}
            onToggleShift={() => void toggleShift()}
            onAccept={jobs.accept}
            onDecline={(orderId) => void jobs.decline(orderId)}
            onNoticeSeen={(noticeId) => void jobs.dismissNotice(noticeId)}
            onStep={(orderId, step) =>
              step === "delivered" ? onOpen({ name: "handover", orderId }) : jobs.step(orderId, step)
            }
          />
        )}
      </main>
    </>
  );
}
