import { courierDetailsOf, isSupportedLocale, safeReturnPath } from "@storefront/domain";
import { courierDetailsInputSchema } from "@storefront/domain/contract";
import { data, redirect } from "react-router";
import { z } from "zod";
import { clearCookie, selectedAddressCookie, temporaryAddressCookie } from "../lib/cookies.server.ts";
import { readFormPost } from "../lib/form-posts.server.ts";
import { setCookies } from "../lib/visitor-cookies.ts";
import type { Route } from "./+types/address-selection";

/** Where to go afterwards; anything but a path of this site is ignored (see safeReturnPath). */
const returnTo = z.string().max(2000).optional();

const selection = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("temporary"),
    latitude: z.coerce.number().min(-90).max(90),
    longitude: z.coerce.number().min(-180).max(180),
    formattedAddress: z.string().trim().max(300).optional(),
    // What a guest typed for the courier: it goes with the address onto the cart and the order.
    ...courierDetailsInputSchema.shape,
    returnTo,
  }),
  z.object({
    intent: z.literal("select"),
    addressId: z.coerce.number().int().positive(),
    returnTo,
  }),
  z.object({ intent: z.literal("forget"), returnTo }),
]);

/** The locale's home: where a choice goes when it names no page to go back to. */
function homeOf(locale: string | undefined) {
  return locale && isSupportedLocale(locale) ? `/${locale}` : "/";
}

/**
 * Nothing is shown at this address; only the address forms post to it. A visitor who opens it (a
 * bookmark, a link passed on) goes to the locale's home rather than reading a bare error.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return redirect(homeOf(params.locale));
}

/**
 * The delivery address choice of section 4: choosing a saved address clears the temporary one,
 * setting a temporary address clears the saved choice, and a deleted chosen address is forgotten.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const parsed = await readFormPost(request, selection);
  if (!parsed.success) return data({ errors: parsed.errors }, { status: 400 });
  const choice = parsed.data;
  const headers = new Headers();
  if (choice.intent === "temporary") {
    setCookies(headers, [
      await temporaryAddressCookie.serialize({
        latitude: choice.latitude,
        longitude: choice.longitude,
        formattedAddress: choice.formattedAddress ?? null,
        details: courierDetailsOf(choice),
      }),
      await clearCookie(selectedAddressCookie),
    ]);
  } else if (choice.intent === "select") {
    setCookies(headers, [
      await selectedAddressCookie.serialize(choice.addressId),
      await clearCookie(temporaryAddressCookie),
    ]);
  } else {
    setCookies(headers, [await clearCookie(selectedAddressCookie)]);
  }
  // Only a path on this site: "//elsewhere" and "/\elsewhere" are other hosts to a browser.
  return redirect(safeReturnPath(choice.returnTo, homeOf(params.locale)), { headers });
}
