import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * Keeps secrets (a partner's card processor keys) encrypted at rest: AES-256-GCM, a fresh nonce per
 * secret, the key derived from PAYMENT_KEYS_SECRET. A stored value that was altered, or that another
 * key sealed, does not open.
 */
export class KeyVault {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash("sha256").update(`storefront payment keys\u0000${secret}`).digest();
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
      .join(".");
  }

  open(stored: string): string {
    const [version, nonce, tag, sealed] = stored.split(".");
    if (version !== VERSION || !nonce || !tag || sealed === undefined) throw new Error("not a sealed value");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(nonce, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  }
}
