import {
  escapeMarkup,
  formatMoney,
  isRightToLeft,
  isSameOriginPath,
  type Locale,
  toMajorUnits,
} from "@storefront/domain";
import type { CardField, CardFieldError, CardForm } from "./sandbox-cards.ts";
import { type SandboxSession, sandboxPageUrl } from "./sandbox-gateway.ts";
import { SANDBOX_PAGE_TEXTS, type SandboxPageTexts } from "./sandbox-page-texts.ts";

/** The hosted card page of the sandbox gateway: server-rendered HTML that needs no script. */

/**
 * The page's language: the one the storefront named in the page's address (`?lang=`), kept in the
 * form and the cancel link so the page answers in it again, else the browser's.
 */
export interface PageLanguage {
  locale: Locale;
  /** Whether the address named it (then the page's own links name it too). */
  named: boolean;
}

const ENGLISH: PageLanguage = { locale: "en", named: false };

/**
 * The return URL with the page's outcome appended, keeping its own query and fragment. Return URLs
 * are absolute and checked when the payment starts; a relative one (the card binding's own path)
 * stays a path of this site, never "//host" after its dot segments are resolved.
 */
export function returnUrlWithResult(returnUrl: string, transactionID: string, status: string): string {
  const base = "http://return.invalid";
  const url = new URL(returnUrl, base);
  url.searchParams.set("transactionID", transactionID);
  url.searchParams.set("status", status);
  if (url.origin !== base) return url.toString();
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSameOriginPath(path) ? path : "/";
}

export function amountText(session: SandboxSession, locale: Locale = "en"): string {
  return formatMoney(toMajorUnits(session.amount, session.currencyCode), session.currencyCode, locale);
}

/** The page's own address (or its cancel's), naming the language when the storefront named it. */
function pageUrl(session: SandboxSession, language: PageLanguage, tail = ""): string {
  return `${sandboxPageUrl(session.id)}${tail}${language.named ? `?lang=${language.locale}` : ""}`;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f3f4f7;--sheet:#fff;--ink:#111827;--muted:#5b6270;--line:#c9ced8;
--accent:#4338ca;--accent-ink:#fff;--error:#b42318;--error-bg:#fef3f2;--hint:#eef2ff}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--sheet:#1a1d24;--ink:#f3f4f6;--muted:#a3a9b6;
--line:#3a404c;--accent:#818cf8;--accent-ink:#0f1115;--error:#fda29b;--error-bg:#3a1a17;--hint:#23263a}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--ink);
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 2rem}
.sheet{background:var(--sheet);border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px #0000000f,0 8px 24px #0000000f}
@media (min-width:40rem){main{padding-top:3.5rem}.sheet{padding:2rem}}
.brand{display:flex;align-items:center;gap:.5rem;margin:0 0 1.25rem;color:var(--muted);font-size:.875rem}
.brand svg{flex:none}
.badge{margin-inline-start:auto;border-radius:999px;background:var(--hint);color:var(--accent);
padding:.125rem .625rem;font-weight:600;font-size:.75rem;letter-spacing:.04em;text-transform:uppercase;white-space:nowrap}
h1{margin:0;font-size:1rem;font-weight:500;color:var(--muted)}
.amount{display:block;margin:.25rem 0 1.5rem;font-size:2.25rem;font-weight:700;color:var(--ink);letter-spacing:-.02em}
.summary{border:1px solid var(--error);background:var(--error-bg);color:var(--ink);border-radius:.75rem;
padding:.75rem 1rem;margin:0 0 1.25rem}
.summary h2{margin:0 0 .25rem;font-size:1rem;color:var(--error)}
.summary ul{margin:0;padding-inline-start:1.25rem}
.summary a{color:inherit}
.field{margin:0 0 1rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
label{display:block;font-weight:600;font-size:.875rem;margin:0 0 .375rem}
input[type=text]{width:100%;min-height:3rem;border:1px solid var(--line);border-radius:.625rem;
background:transparent;color:inherit;padding:.625rem .875rem;font:inherit;font-variant-numeric:tabular-nums}
input[type=text]:focus{outline:3px solid color-mix(in srgb,var(--accent) 35%,transparent);border-color:var(--accent)}
input[aria-invalid=true]{border-color:var(--error)}
.error{margin:.375rem 0 0;color:var(--error);font-size:.875rem}
.check{display:flex;align-items:center;gap:.625rem;min-height:2.75rem;margin:0 0 1rem;font-weight:500}
.check input{width:1.25rem;height:1.25rem;accent-color:var(--accent)}
button{width:100%;min-height:3.25rem;border:0;border-radius:.75rem;background:var(--accent);
color:var(--accent-ink);font:inherit;font-weight:700;font-size:1.0625rem;cursor:pointer}
button:focus-visible,.cancel:focus-visible{outline:3px solid var(--accent);outline-offset:3px}
.cancel{display:flex;align-items:center;justify-content:center;min-height:2.75rem;margin-top:.75rem;
color:var(--muted);font-weight:600;text-decoration:underline;text-underline-offset:3px}
.hint{margin:1.25rem 0 0;border-radius:.75rem;background:var(--hint);padding:.75rem 1rem;font-size:.875rem;color:var(--muted)}
.hint strong{color:var(--ink);font-variant-numeric:tabular-nums;white-space:nowrap}
[dir=rtl] input[dir=ltr]{text-align:right}
.done{text-align:center}
.done a{display:inline-flex;align-items:center;min-height:2.75rem;color:var(--accent);font-weight:700}
`;

const LOCK = `<svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"/></svg>`;

function layout(locale: Locale, title: string, body: string): string {
  const texts = SANDBOX_PAGE_TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}" dir="${isRightToLeft(locale) ? "rtl" : "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="sheet">
<p class="brand">${LOCK}<span>${escapeMarkup(texts.brand)}</span><span class="badge">${escapeMarkup(texts.testMode)}</span></p>
${body}
</div>
</main>
</body>
</html>`;
}

interface FieldSpec {
  name: CardField;
  autocomplete: string;
  placeholder: (texts: SandboxPageTexts) => string;
  numeric: boolean;
  maxLength: number;
}

const FIELDS: Record<CardField, FieldSpec> = {
  cardNumber: {
    name: "cardNumber",
    autocomplete: "cc-number",
    placeholder: () => "1234 1234 1234 1234",
    numeric: true,
    maxLength: 23,
  },
  expiry: {
    name: "expiry",
    autocomplete: "cc-exp",
    placeholder: (texts) => texts.expiryPlaceholder,
    numeric: true,
    maxLength: 7,
  },
  cvc: {
    name: "cvc",
    autocomplete: "cc-csc",
    placeholder: () => "123",
    numeric: true,
    maxLength: 4,
  },
  name: {
    name: "name",
    autocomplete: "cc-name",
    placeholder: () => "",
    numeric: false,
    maxLength: 100,
  },
};

/** One field; card digits are typed and read left to right in every language. */
function field(
  texts: SandboxPageTexts,
  spec: FieldSpec,
  value: string,
  error: CardFieldError | undefined,
): string {
  const errorId = `${spec.name}-error`;
  const placeholder = spec.placeholder(texts);
  return `<div class="field">
<label for="${spec.name}">${escapeMarkup(texts.labels[spec.name])}</label>
<input type="text" id="${spec.name}" name="${spec.name}" value="${escapeMarkup(value)}" required maxlength="${spec.maxLength}"
 autocomplete="${spec.autocomplete}"${spec.numeric ? ' inputmode="numeric" dir="ltr"' : ""}${placeholder ? ` placeholder="${escapeMarkup(placeholder)}"` : ""}${
   error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ""
 }>
${error ? `<p class="error" id="${errorId}">${escapeMarkup(texts.errors[error])}</p>` : ""}
</div>`;
}

function errorSummary(texts: SandboxPageTexts, errors: Partial<Record<CardField, CardFieldError>>): string {
  const items = (Object.keys(FIELDS) as CardField[]).flatMap((name) => {
    const error = errors[name];
    return error ? [`<li><a href="#${name}">${escapeMarkup(texts.errors[error])}</a></li>`] : [];
  });
  if (items.length === 0) return "";
  return `<div class="summary" role="alert" aria-labelledby="summary-title">
<h2 id="summary-title">${escapeMarkup(texts.checkDetails)}</h2>
<ul>${items.join("")}</ul>
</div>`;
}

/** The test cards' hint; the numbers are set apart so they read left to right in Arabic too. */
function testCardsHint(texts: SandboxPageTexts): string {
  const card = (digits: string) => `<strong dir="ltr">${digits}</strong>`;
  return fill(escapeMarkup(texts.testCards), {
    authorised: card("4242 4242 4242 4242"),
    declined: card("4000 0000 0000 0002"),
  });
}

export interface CardPageState {
  /** What the customer typed, sent back with the errors; the security code never is. */
  form?: Partial<CardForm> & { saveCard?: boolean };
  errors?: Partial<Record<CardField, CardFieldError>>;
}

/** The card form of a pending session: pay an amount, or save a card without paying. */
export function renderCardPage(
  session: SandboxSession,
  language: PageLanguage = ENGLISH,
  state: CardPageState = {},
): string {
  const texts = SANDBOX_PAGE_TEXTS[language.locale];
  const form = state.form ?? {};
  const errors = state.errors ?? {};
  const paying = session.kind === "PAYMENT";
  const amount = amountText(session, language.locale);
  const payLabel = fill(texts.payButton, { amount });
  const heading = paying
    ? `<h1>${escapeMarkup(texts.amountDue)} <span class="amount">${escapeMarkup(amount)}</span></h1>`
    : `<h1>${escapeMarkup(texts.saveHeading)} <span class="amount">${escapeMarkup(texts.noCharge)}</span></h1>`;
  const saveCard = paying
    ? `<label class="check"><input type="checkbox" name="saveCard" value="on"${form.saveCard ? " checked" : ""}> ${escapeMarkup(texts.saveForNextTime)}</label>`
    : "";
  const body = `${heading}
${errorSummary(texts, errors)}
<form method="post" action="${pageUrl(session, language)}">
${field(texts, FIELDS.cardNumber, form.cardNumber ?? "", errors.cardNumber)}
<div class="row">
${field(texts, FIELDS.expiry, form.expiry ?? "", errors.expiry)}
${field(texts, FIELDS.cvc, "", errors.cvc)}
</div>
${field(texts, FIELDS.name, form.name ?? "", errors.name)}
${saveCard}
<button type="submit">${escapeMarkup(paying ? payLabel : texts.saveButton)}</button>
</form>
<a class="cancel" href="${pageUrl(session, language, "/cancel")}">${escapeMarkup(texts.cancel)}</a>
<p class="hint">${testCardsHint(texts)}</p>`;
  const title = `${paying ? payLabel : texts.saveHeading} · ${texts.checkout}`;
  return layout(language.locale, title, body);
}

/** A session that is no longer pending: what became of it, and the way back. */
export function renderFinishedPage(session: SandboxSession, locale: Locale = "en"): string {
  const texts = SANDBOX_PAGE_TEXTS[locale];
  const back = session.returnUrl
    ? `<p><a href="${escapeMarkup(returnUrlWithResult(session.returnUrl, session.id, session.status))}">${escapeMarkup(texts.backToShop)}</a></p>`
    : "";
  const heading = texts.finished[session.kind][session.status];
  return layout(locale, texts.checkout, `<div class="done"><h1>${escapeMarkup(heading)}</h1>${back}</div>`);
}

/** The page of a session the gateway does not know. */
export function renderMissingPage(locale: Locale = "en"): string {
  const texts = SANDBOX_PAGE_TEXTS[locale];
  return layout(locale, texts.checkout, `<div class="done"><h1>${escapeMarkup(texts.missing)}</h1></div>`);
}

export function renderSuspendedPage(locale: Locale = "en"): string {
  const texts = SANDBOX_PAGE_TEXTS[locale];
  return layout(
    locale,
    texts.checkout,
    `<div class="done"><h1>${escapeMarkup(texts.suspended)}</h1><p>${escapeMarkup(texts.suspendedNote)}</p></div>`,
  );
}
