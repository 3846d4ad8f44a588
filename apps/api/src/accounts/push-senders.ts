import type { Database } from "../db/client.ts";
import type { KeyVault } from "../payments/key-vault.ts";
import { type FcmSettings, fcmSender, parseServiceAccount } from "./fcm-sender.ts";
import { MessageRefusedError, type MessageSender, type OutgoingMessage } from "./messages.ts";
import { findPartnerPushAccount } from "./partner-push-accounts-repository.ts";

/** How long a process keeps a partner's account before reading it again. */
const CACHE_MS = 30_000;

type FcmPushSender = ReturnType<typeof fcmSender>;

/** A partner's own sender: its FCM account, or null (none set, or its key cannot be opened). */
interface PartnerSender {
  fcm: FcmPushSender | null;
  /** It has an account whose key cannot be opened here. */
  unopenable: boolean;
  /** The row's time of change: a changed key makes a new sender (and a new OAuth token). */
  version: number;
}

/**
 * Native pushes, each through the account of the Firebase project its device's app registered with:
 * the partner's own service account (its brand's app, set by the deployment's operator, its key kept
 * sealed) or the deployment's (FCM_SERVICE_ACCOUNT). Where the deployment has an FCM account, a
 * device whose project neither has is refused for good, as FCM would refuse it; where it has none,
 * such a device's pushes go to its other way (the relay, or the demo's outbox). Each partner's account is read again every half minute, so a
 * change reaches every process.
 */
export class PushSenders implements MessageSender {
  private readonly cache = new Map<number, { sender: PartnerSender; at: number }>();

  constructor(
    private readonly db: Database,
    private readonly deployment: {
      /** The deployment's FCM account, when it has one. */
      fcm: FcmPushSender | null;
      /** Where a push goes that no FCM account sends: the relay; null keeps it (the demo's outbox). */
      otherwise: MessageSender | null;
      /** That way in the operator's words. */
      otherwiseIs: "relay" | "outbox" | "none";
    },
    private readonly settings: {
      /** Opens the partners' keys; null without PAYMENT_KEYS_SECRET (then none can be set). */
      vault: KeyVault | null;
      /** Where FCM's HTTP v1 API is, for the partners' accounts too. */
      fcmApiUrl: string;
      forget: (token: string) => Promise<void>;
      report: (error: unknown, message: string) => void;
    },
  ) {}

  /** The deployment's own FCM project, when it has an account. */
  get deploymentProjectId(): string | null {
    return this.deployment.fcm?.projectId ?? null;
  }

  /** How the deployment sends a push of a partner without an account of its own. */
  get deploymentWay(): "fcm" | "relay" | "outbox" | "none" {
    return this.deployment.fcm ? "fcm" : this.deployment.otherwiseIs;
  }

  /** Where FCM's API is (FCM_API_URL): a partner's key may get its tokens there besides Google. */
  get fcmApiUrl(): string {
    return this.settings.fcmApiUrl;
  }

  get vault(): KeyVault | null {
    return this.settings.vault;
  }

  /** A sender for a service account being set, to check its key with Google before it is kept. */
  senderFor(settings: Omit<FcmSettings, "apiUrl">): FcmPushSender {
    return fcmSender({ ...settings, apiUrl: this.settings.fcmApiUrl }, this.settings.forget);
  }

  async send(message: OutgoingMessage): Promise<string | undefined> {
    const partner = await this.partnerSender(message.partnerId);
    const own = partner.fcm;
    const project = message.project ?? null;
    const fits = (sender: FcmPushSender | null): sender is FcmPushSender =>
      sender !== null && (project === null || sender.projectId === project);
    if (fits(own)) return own.send(message);
    if (fits(this.deployment.fcm)) return this.deployment.fcm.send(message);
    if (partner.unopenable)
      throw new MessageRefusedError("the partner's push account cannot be opened (PAYMENT_KEYS_SECRET)");
    if (this.deployment.fcm)
      throw new MessageRefusedError(
        `the device's app is of Firebase project ${project}, which no account of this partner sends from`,
      );
    // Without an FCM account of its own, the deployment's other way takes every other device: the
    // relay (the operator's push service), or the demo's outbox.
    return this.deployment.otherwise ? this.deployment.otherwise.send(message) : undefined;
  }

  /** After this process changed a partner's account: read it again at the next push. */
  forget(partnerId: number): void {
    this.cache.delete(partnerId);
  }

  private async partnerSender(partnerId: number): Promise<PartnerSender> {
    const hit = this.cache.get(partnerId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.sender;
    const sender = await this.read(partnerId, hit?.sender ?? null);
    this.cache.set(partnerId, { sender, at: Date.now() });
    return sender;
  }

  private async read(partnerId: number, before: PartnerSender | null): Promise<PartnerSender> {
    const account = await findPartnerPushAccount(this.db, partnerId);
    if (!account) return { fcm: null, unopenable: false, version: 0 };
    const version = account.updatedAt.getTime();
    // The same key as before: the same sender, which keeps its OAuth token.
    if (before?.version === version) return before;
    try {
      const vault = this.settings.vault;
      if (!vault) throw new Error("PAYMENT_KEYS_SECRET is not set");
      const serviceAccount = parseServiceAccount(vault.open(account.serviceAccountSealed));
      return { fcm: this.senderFor({ account: serviceAccount }), unopenable: false, version };
    } catch (error) {
      // Never the deployment's account in its place: its devices' app is the partner's own project.
      this.settings.report(error, `partner ${partnerId}'s push account cannot be opened`);
      return { fcm: null, unopenable: true, version };
    }
  }
}
