import type { Database } from "../db/client.ts";
import type { KeyVault } from "./key-vault.ts";
import { noGateway } from "./no-gateway.ts";
import { findPartnerPaymentAccount } from "./partner-payment-accounts-repository.ts";
import type { PaymentProvider } from "./provider.ts";
import { type StripeSettings, stripeGateway } from "./stripe-gateway.ts";

/** How long a process keeps a partner's processor before reading its account again. */
const CACHE_MS = 30_000;

/** A partner's processor, and the secret its Stripe webhooks are signed with (null: none). */
export interface PartnerProcessor {
  provider: PaymentProvider;
  webhookSecret: string | null;
}

/**
 * Each partner's card processor: its own Stripe account when the deployment's operator set one
 * (its keys kept sealed in the database), else the deployment's. Read again every half minute, so
 * a changed account reaches every process.
 */
export class PaymentProviders {
  private readonly cache = new Map<number, { processor: PartnerProcessor; at: number }>();

  constructor(
    private readonly db: Database,
    private readonly deployment: PaymentProvider,
    private readonly settings: {
      /** The deployment's Stripe webhook secret, when its processor is Stripe. */
      webhookSecret: string | null;
      /** Where Stripe calls go, for partners' own accounts too. */
      stripeApiUrl: string;
      /** Opens the partners' keys; null without PAYMENT_KEYS_SECRET (then none can be set). */
      vault: KeyVault | null;
    },
    private readonly report: (error: unknown, message: string) => void = () => {},
  ) {}

  /** The deployment's own processor (the sandbox's pages are served for it). */
  get deploymentProvider(): PaymentProvider {
    return this.deployment;
  }

  get vault(): KeyVault | null {
    return this.settings.vault;
  }

  /** Where Stripe calls go (a partner's keys are checked there). */
  get stripeApiUrl(): string {
    return this.settings.stripeApiUrl;
  }

  async forPartner(partnerId: number): Promise<PaymentProvider> {
    return (await this.processorOf(partnerId)).provider;
  }

  async processorOf(partnerId: number): Promise<PartnerProcessor> {
    const hit = this.cache.get(partnerId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.processor;
    const processor = await this.read(partnerId);
    this.cache.set(partnerId, { processor, at: Date.now() });
    return processor;
  }

  /** After this process changed a partner's account: read it again at the next call. */
  forget(partnerId: number): void {
    this.cache.delete(partnerId);
  }

  private async read(partnerId: number): Promise<PartnerProcessor> {
    const account = await findPartnerPaymentAccount(this.db, partnerId);
    if (!account) return { provider: this.deployment, webhookSecret: this.settings.webhookSecret };
    try {
      const vault = this.settings.vault;
      if (!vault) throw new Error("PAYMENT_KEYS_SECRET is not set");
      const stripe: StripeSettings = {
        secretKey: vault.open(account.secretKeySealed),
        webhookSecret: vault.open(account.webhookSecretSealed),
        apiUrl: this.settings.stripeApiUrl,
      };
      return { provider: stripeGateway(this.db, stripe), webhookSecret: stripe.webhookSecret };
    } catch (error) {
      // Never the deployment's account for a partner that has its own: cash only until it is fixed.
      this.report(error, `partner ${partnerId}'s card processor keys cannot be opened: cash only`);
      return { provider: noGateway(), webhookSecret: null };
    }
  }
}
