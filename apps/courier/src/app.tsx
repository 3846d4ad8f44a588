import type { CourierAccount } from "@storefront/domain/contract";
import { courierEndpoints } from "@storefront/domain/endpoints";
import type { Locale } from "@storefront/domain/locales";
import { useCallback, useEffect, useReducer, useState } from "react";
import { nextState, type Screen } from "./app-state.ts";
import { ApiRefusal, courierApi, NoNetwork, setCaller } from "./lib/api.ts";
import { applyLocale, keepChosenLocale, type Words, WordsContext, wordsFor } from "./lib/i18n.ts";
import { clearQueue } from "./lib/job-actions.ts";
import { forgetKept, keepCourier, keptCourier } from "./lib/kept.ts";
import type { Partner } from "./lib/partner.ts";
import { ScreenFailure } from "./screens/screen-failure.tsx";
import { SignIn } from "./screens/sign-in.tsx";
import { SignedIn } from "./signed-in.tsx";

/**
 * The courier app: signed out, the sign-in; signed in, the jobs and the screens reached from them.
 * `firstCourier` is the API's answer to "who is signed in", asked before the app was drawn.
 */
export function App({
  partner,
  initialWords,
  firstCourier,
}: {
  partner: Partner;
  initialWords: Words;
  firstCourier: Promise<CourierAccount>;
}) {
  const [words, setWords] = useState(initialWords);
  const [state, dispatch] = useReducer(nextState, { phase: "starting" });
  const appName = words.t("app.name", { platform: partner.platformName });
  useEffect(() => {
    document.title = appName;
  }, [appName]);

  useEffect(() => {
    firstCourier.then(
      (courier) => {
        keepCourier(courier);
        dispatch({ type: "signed-in", courier });
      },
      (error) => {
        // No network: the app opens on the courier and jobs it kept, and sends what waits later.
        const kept = error instanceof NoNetwork ? keptCourier() : null;
        dispatch(kept ? { type: "signed-in", courier: kept } : { type: "signed-out" });
      },
    );
  }, [firstCourier]);

  // Each screen but the jobs is a step in the browser's history: the phone's back button returns.
  useEffect(() => {
    const back = () => dispatch({ type: "back" });
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);
  const open = useCallback((screen: Screen, options: { replace?: boolean } = {}) => {
    if (options.replace) window.history.replaceState(null, "");
    else window.history.pushState(null, "");
    dispatch({ type: "open", screen });
  }, []);
  const back = useCallback(() => window.history.back(), []);

  const changeLocale = useCallback(
    async (locale: Locale) => {
      keepChosenLocale(locale);
      const chosen = await wordsFor(locale);
      applyLocale(document.documentElement, locale);
      setCaller(partner.code, locale);
      setWords(chosen);
    },
    [partner.code],
  );

  const signedOut = useCallback(() => {
    forgetKept();
    clearQueue();
    dispatch({ type: "signed-out" });
  }, []);
  const signOut = useCallback(async () => {
    try {
      await courierApi(courierEndpoints.logout());
    } catch (error) {
      // Offline the session would stay open on the server: the courier stays signed in (the
      // screens say there is no connection). A refusal (an ended session) signs out all the same.
      if (!(error instanceof ApiRefusal)) return;
    }
    signedOut();
  }, [signedOut]);

  return (
    <WordsContext value={words}>
      <ScreenFailure appName={appName}>
        {state.phase === "starting" ? (
          <p className="p-5 text-2xl font-bold">{appName}</p>
        ) : state.phase === "signed-out" ? (
          <SignIn
            appName={appName}
            onSignedIn={(courier) => {
              keepCourier(courier);
              dispatch({ type: "signed-in", courier });
            }}
          />
        ) : (
          <SignedIn
            appName={appName}
            partner={partner}
            courier={state.courier}
            screen={state.screen}
            onCourier={(courier) => dispatch({ type: "courier", courier })}
            onOpen={open}
            onBack={back}
            onLocale={(locale) => void changeLocale(locale)}
            onSignOut={() => void signOut()}
            onSignedOut={signedOut}
          />
        )}
      </ScreenFailure>
    </WordsContext>
  );
}
