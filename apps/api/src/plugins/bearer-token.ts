import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether the Authorization header carries the token as a bearer token, compared in constant time. */
export function carriesBearerToken(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+)$/i.exec(authorization ?? "")?.[1];
  // Digests have one length, so the comparison takes as long whatever length was sent.
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}
