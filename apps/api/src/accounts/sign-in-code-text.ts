import { DEFAULT_LOCALE, type Locale, localeFromTag } from "@storefront/domain";

/**
 * The sign-in SMS in every language of the interface. Placeholders: {code} (the digits) and
 * {platform} (the partner's platform name, so the customer knows which service asked). The code
 * comes first, where phones look for it to offer it for autofill.
 */
const SIGN_IN_CODE_TEXTS: Record<Locale, string> = {
  ar: "{code} هو رمز الدخول إلى {platform}. لا تشاركه مع أي شخص.",
  bg: "{code} е вашият код за {platform}. Не го споделяйте с никого.",
  en: "{code} is your {platform} code. Do not share it with anyone.",
  es: "{code} es tu código de {platform}. No lo compartas con nadie.",
  fr: "{code} est votre code {platform}. Ne le communiquez à personne.",
  it: "{code} è il tuo codice {platform}. Non condividerlo con nessuno.",
  lv: "{code} ir jūsu {platform} kods. Neizpaudiet to nevienam.",
  mg: "{code} no kaody {platform} anao. Aza omena olona izany.",
  pt: "{code} é o seu código {platform}. Não o partilhe com ninguém.",
  ru: "{code} — ваш код для входа в {platform}. Никому его не сообщайте.",
  uk: "{code} — ваш код для входу в {platform}. Нікому його не повідомляйте.",
};

/** The text of a sign-in SMS in a language. */
export function signInCodeText(locale: Locale, code: string, platformName: string): string {
  return SIGN_IN_CODE_TEXTS[locale].replace("{code}", code).replace("{platform}", platformName);
}

/**
 * The language of a sign-in SMS: the one the customer reads the storefront in (its Accept-Language);
 * else, for a client that names none, the language of the partner's city in the phone's country,
 * then of the partner's default city; English last.
 */
export function signInCodeLocale(input: {
  preferred: Locale | null;
  phoneCountry: string | null;
  localities: ReadonlyArray<{ code: string; countryCode: string; lang: string }>;
  defaultLocalityCode: string | null;
}): Locale {
  if (input.preferred) return input.preferred;
  const local =
    input.localities.find((locality) => locality.countryCode === input.phoneCountry) ??
    input.localities.find((locality) => locality.code === input.defaultLocalityCode);
  return localeFromTag(local?.lang) ?? DEFAULT_LOCALE;
}
