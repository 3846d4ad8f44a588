import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useRef } from "react";
import { type ClientApi, clientSend } from "./api.client.ts";
import { pushRegistration } from "./bridge.ts";

/**
 * Once a customer is signed in, the app registers its device's push token for the session
 * (`PUT /customer/me/session/fcm-token` with token and projectId; the app's calls carry
 * `X-Platform`), once per token and customer in a session. The web has no token to register.
 */
export function usePushRegistration(userId: number | undefined, client: ClientApi, locale: string): void {
  const api = useRef({ client, locale });
  api.current = { client, locale };
  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    void (async () => {
      const registration = await pushRegistration();
      const key = `pushToken:${userId}`;
      if (!registration || cancelled || sessionStorage.getItem(key) === registration.token) return;
      const { client, locale } = api.current;
      const sent = await clientSend(client, endpoints.customer.fcmToken(), locale, registration);
      if (sent.ok) sessionStorage.setItem(key, registration.token);
    })();
    return () => {
      cancelled = true;
    };
  }, [userId]);
}
