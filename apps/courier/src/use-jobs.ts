import type { CourierJobs } from "@storefront/domain/contract";
import { courierEndpoints } from "@storefront/domain/endpoints";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { ApiRefusal, courierApi, NoNetwork } from "./lib/api.ts";
import { clockSkew, secondsUntil } from "./lib/countdown.ts";
import { useWords } from "./lib/i18n.ts";
import { doJobAction, queuedActions, sendQueuedActions, subscribeToQueue } from "./lib/job-actions.ts";
import { type JobsFeed, watchJobs } from "./lib/jobs-feed.ts";
import { keepJobs, keptJobs } from "./lib/kept.ts";
import { type DeliveryProof, type JobAction, withQueuedActions } from "./lib/offline-queue.ts";
import { useNow } from "./lib/use-now.ts";
import type { Working } from "./screens/jobs-screen.tsx";

/** A line for the whole jobs screen: a delivery done, actions the API refused once back online. */
export interface JobsNotice {
  tone: "good" | "bad";
  text: string;
}

/**
 * The courier's jobs as the screens show them: the API's (read by jobs-feed.ts, kept on the phone
 * for a start without network) with the actions not yet sent applied, open offers only; and the
 * actions on them, sent at once or queued offline and sent in order when the network is back.
 */
export function useJobs({ onShift, onSignedOut }: { onShift: boolean; onSignedOut: () => void }) {
  const { t } = useWords();
  const [serverJobs, setServerJobs] = useState<CourierJobs>(keptJobs);
  const queue = useSyncExternalStore(subscribeToQueue, queuedActions);
  const [reachable, setReachable] = useState(true);
  const [working, setWorking] = useState<Working>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [notice, setNotice] = useState<JobsNotice | null>(null);
  // The server's clock less the phone's, from the last answer read from the network.
  const [skew, setSkew] = useState(0);
  const feed = useRef<JobsFeed | null>(null);

  /** A 401: the session is gone (signed out elsewhere, made inactive in the console). */
  const whenSignedOut = useCallback(
    (error: unknown) => {
      if (error instanceof ApiRefusal && error.status === 401) onSignedOut();
    },
    [onSignedOut],
  );

  /** The actions kept offline, sent in order; those the API refused are named. */
  const sendWaiting = useCallback(async () => {
    const refusals = await sendQueuedActions();
    if (refusals.length > 0)
      setNotice({
        tone: "bad",
        text: t("offline.refused", { ids: refusals.map(({ action }) => `#${action.orderId}`).join(", ") }),
      });
    feed.current?.refresh();
  }, [t]);

  useEffect(() => {
    const jobsFeed = watchJobs(
      {
        onJobs(jobs) {
          setSkew(clockSkew(jobs.serverTime, Date.now()));
          setServerJobs(jobs);
          keepJobs(jobs);
          setReachable(true);
          if (queuedActions().length > 0) void sendWaiting();
        },
        onFailure(error) {
          if (error instanceof NoNetwork) setReachable(false);
          else whenSignedOut(error);
        },
      },
      { repeat: onShift },
    );
    feed.current = jobsFeed;
    return () => jobsFeed.stop();
  }, [onShift, whenSignedOut, sendWaiting]);

  // At start, and back online: what was done offline is sent first.
  useEffect(() => {
    const back = () => void sendWaiting();
    back();
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [sendWaiting]);

  const jobs = withQueuedActions(serverJobs, queue);
  // Offers end on the server's clock.
  const now = useNow(jobs.offers.length > 0) + skew;
  const offers = jobs.offers.filter(
    (offer) => !offer.offerExpiresAt || secondsUntil(offer.offerExpiresAt, now) > 0,
  );

  const failed = (orderId: number, text: string) => setErrors((known) => ({ ...known, [orderId]: text }));

  /** An action on a job: the job moves on at once (sent, or queued offline), then is read again. */
  const act = async (orderId: number, action: JobAction, proof?: DeliveryProof) => {
    setWorking(orderId);
    setErrors(({ [orderId]: _, ...others }) => others);
    try {
      const outcome = await doJobAction(orderId, action, proof);
      if (outcome === "done")
        setServerJobs((known) => withQueuedActions(known, [{ orderId, action, at: "" }]));
      // Queued behind others, or offline: the queue goes now if it can.
      if (outcome === "queued") void sendWaiting();
      else feed.current?.refresh();
      return outcome;
    } catch (error) {
      whenSignedOut(error);
      throw error;
    } finally {
      setWorking(null);
    }
  };

  return {
    jobs: { offers, active: jobs.active, notices: jobs.notices },
    queue,
    now,
    reachable,
    working,
    setWorking,
    errors,
    notice,
    setNotice,
    whenSignedOut,

    /** Picked up or arrived; a refusal is shown on the job. */
    step(orderId: number, step: "picked-up" | "arrived") {
      act(orderId, step).catch((error) => {
        if (error instanceof ApiRefusal && error.status === 404) failed(orderId, t("error.notYours"));
        else if (error instanceof ApiRefusal && error.error?.type === "OrderStatusTransitionException")
          failed(orderId, t("error.notReady"));
        else failed(orderId, t("error.generic"));
      });
    },

    /** Delivered with its proof; a refusal (a wrong code) is the handover screen's to show. */
    async deliver(orderId: number, proof: DeliveryProof) {
      const outcome = await act(orderId, "delivered", proof);
      setNotice({
        tone: "good",
        text: t(outcome === "queued" ? "offline.deliveredWaiting" : "handover.done", { id: orderId }),
      });
    },

    accept(orderId: number) {
      act(orderId, "accept").catch((error) =>
        failed(orderId, error instanceof ApiRefusal ? t("offer.gone") : t("error.generic")),
      );
    },

    /** A notice read (a job given to another courier): not shown again. */
    async dismissNotice(noticeId: number) {
      setServerJobs((known) => ({
        ...known,
        notices: known.notices.filter((notice) => notice.id !== noticeId),
      }));
      await courierApi(courierEndpoints.noticeSeen(noticeId)).catch(whenSignedOut);
    },

    /** Declined offers are not queued offline: an offer ends by itself soon anyway. */
    async decline(orderId: number) {
      setWorking(orderId);
      try {
        await courierApi(courierEndpoints.decline(orderId));
        setServerJobs((known) => ({
          ...known,
          offers: known.offers.filter((offer) => offer.orderId !== orderId),
        }));
        feed.current?.refresh();
      } catch (error) {
        whenSignedOut(error);
        failed(orderId, error instanceof NoNetwork ? t("error.offline") : t("offer.gone"));
      } finally {
        setWorking(null);
      }
    },
  };
}
