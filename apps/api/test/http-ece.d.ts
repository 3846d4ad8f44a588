/** The part of `http_ece` (the encrypted content coding of RFC 8188) the web push tests use. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer | string },
    ): Buffer;
  };
  export default ece;
}
