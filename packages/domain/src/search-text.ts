/**
 * The text a search compares: an item's names in every language and a customer's query go through
 * the same normalisation, so spellings a customer types (no diacritics, Latin for Cyrillic, no short
 * vowels in Arabic, one letter off) meet the stored name. Trigram similarity itself is PostgreSQL's
 * (pg_trgm); this module only makes both sides comparable. Three forms, each built on the one before:
 *
 * 1. folded (`foldForSearch`): lower case, diacritics and letter variants folded, punctuation gone;
 * 2. transliterated (`transliterate`): Cyrillic written in Latin, so "борщ" reads "borshch";
 * 3. loose (`loosenSpelling`): the Latin spelled one way where people spell it several, so "borsch",
 *    "borsh", "borshch" and "борщ" all read "bors".
 */

/**
 * Searches start at this many characters of the trimmed query. The spec (storefront foundations,
 * §5 Validation rules) asks for a minimum but does not show it: 3 is our choice.
 */
export const SEARCH_MIN_CHARS = 3;

/**
 * What a word found only in a dish's section's name counts for against the same word in the dish's
 * own name (decision 0196): "burger" lists the dishes named burgers before the "Double smoky BBQ" of
 * a "Burgers" section, and a section called "New" before no dish named "new". A section's exact word
 * still outranks a name's word two letters off (a closeness of about 0.6).
 */
export const SECTION_WORD_WEIGHT = 0.8;

/** Apostrophes join the word they sit in: Ukrainian "м'ясо" is typed "мясо", "mcdonald's" "mcdonalds". */
const APOSTROPHES = /['`‘’ʹʻʼ]/g;

/** Letters decomposition (NFKD) keeps as they are, folded by hand. */
const LETTER_FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
  ħ: "h",
  // Arabic: alef wasla to alef, taa marbuta to haa, alef maqsura and the Persian yaa to yaa,
  // the Persian kaf to kaf; tatweel (the stretching stroke) goes.
  "\u0671": "\u0627",
  "\u0629": "\u0647",
  "\u0649": "\u064A",
  "\u06CC": "\u064A",
  "\u06A9": "\u0643",
  "\u0640": "",
};
const LETTERS_TO_FOLD = new RegExp(`[${Object.keys(LETTER_FOLDS).join("")}]`, "g");

/** Arabic-Indic (U+0660–0669) and Persian (U+06F0–06F9) digits. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Combining marks (accents, Arabic harakat and superscript alef) and invisible format characters. */
const MARKS = /[\p{M}\p{Cf}]/gu;
const SYMBOLS = /\p{S}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * Lower-cases and folds a text for search. Decomposition (NFKD) then dropping the combining marks
 * folds most of it: Latin diacritics (ā→a, č→c, ļ→l, é→e, ñ→n), Cyrillic ё→е, й→и and ї→і, and
 * Arabic hamza carriers and madda (أ إ آ → ا, ؤ → و, ئ → ي) with the short vowels. The rest is
 * folded by hand (ß→ss, ø→o, æ→ae, ة→ه, ى→ي…), Eastern digits become ASCII, apostrophes join their
 * word, every other non-letter becomes one space. Idempotent.
 */
export function foldForSearch(text: string): string {
  // Symbols go first: decomposing would spell some in letters ("Mac™" → "mactm"). Lower case and
  // apostrophes come after decomposing, which turns a few letters into capitals ("ᴬ" → "A") or
  // into an apostrophe and a letter ("ŉ" → "ʼn").
  return text
    .replace(SYMBOLS, " ")
    .normalize("NFKD")
    .toLowerCase()
    .replace(APOSTROPHES, "")
    .replace(LETTERS_TO_FOLD, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) - (digit >= "\u06F0" ? 0x06f0 : 0x0660)))
    .replace(MARKS, "")
    .replace(NOT_LETTER_OR_DIGIT, " ")
    .trim();
}

/**
 * Russian, Ukrainian and Bulgarian letters in Latin, close to the everyday spellings of menus
 * (щ shch, ш sh, ч ch, ж zh, х kh, ц ts, ю yu, я ya, ы y, ь dropped). й and ё are folded before
 * (to и and е) and read i and e. ъ reads a: it is a vowel in Bulgarian, where it is common, and a
 * rare separator in Russian.
 */
const CYRILLIC_LATIN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "e",
  є: "e",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ў: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "a",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};
/** A word with і, ї, є or ґ is Ukrainian: its г reads h and its и reads y, as in "Київ" → "kyiv". */
const UKRAINIAN_LETTERS = /[ієїґ]/;
const UKRAINIAN_LATIN: Record<string, string> = { ...CYRILLIC_LATIN, г: "h", и: "y" };
const CYRILLIC = /[\u0400-\u04FF]/;

function transliterateWord(word: string): string {
  if (!CYRILLIC.test(word)) return word;
  const table = UKRAINIAN_LETTERS.test(word) ? UKRAINIAN_LATIN : CYRILLIC_LATIN;
  return Array.from(word, (letter) => table[letter] ?? letter).join("");
}

/**
 * Writes the Cyrillic of a folded text in Latin (see `CYRILLIC_LATIN`); other scripts pass through.
 * Ukrainian words keep Ukraine's own romanisation for г and и; the loose form makes up for the
 * difference elsewhere (y and i meet, so "вареники" meets "varenyky").
 */
export function transliterate(text: string): string {
  return text.replace(/\p{L}+/gu, transliterateWord);
}

/**
 * What the loose form writes one way: every hushing digraph as the single letter Latvian writes once
 * its diacritics are folded (shch, sch, sh → s; ch → c; zh → z; ts → c, Latvian's c), kh as h, y and
 * j as i. Then a doubled letter is written once ("pizza" → "piza", "kyiv" → "kiiv" → "kiv").
 */
const LOOSE_SOUNDS: Record<string, string> = {
  shch: "s",
  sch: "s",
  sh: "s",
  ch: "c",
  zh: "z",
  kh: "h",
  ts: "c",
  y: "i",
  j: "i",
};
// Alternatives are tried in order, so the longest digraph wins ("shch" before "sch" before "sh").
const LOOSE_SPELLINGS = /shch|sch|sh|ch|zh|kh|ts|[yj]/g;

/**
 * The loose Latin form of a folded, transliterated text: "borsch", "borsh", "borshch" and "борщ"
 * all read "bors"; "čīzburgers" and "чизбургер" read "cizburgers" and "cizburger". It loses
 * distinctions on purpose, so it only ever adds words beside the exact forms, never replaces them.
 */
export function loosenSpelling(text: string): string {
  return text
    .replace(LOOSE_SPELLINGS, (spelling) => LOOSE_SOUNDS[spelling] ?? spelling)
    .replace(/([a-z])\1+/g, "$1");
}

function wordsOf(text: string): string[] {
  return text.split(" ").filter(Boolean);
}

/** The words of one text's folded, transliterated and loose forms, in that order. */
function keyWords(text: string): string[] {
  const folded = foldForSearch(text);
  const latin = transliterate(folded);
  return [...wordsOf(folded), ...wordsOf(latin), ...wordsOf(loosenSpelling(latin))];
}

/**
 * One text's search keys: its folded form, then its transliteration, then its loose form, each word
 * once. "Борщ із пампушками" → "борщ із пампушками borshch iz pampushkami bors pampuskami".
 */
export function searchKeys(text: string): string {
  return [...new Set(keyWords(text))].join(" ");
}

/**
 * The text stored for an item (a dish, a vendor) from all its names in every language: each name's
 * search keys, each word once. A name with an apostrophe is also keyed in parts, so the elided
 * "l'orange" is found by "orange" as well as by "lorange".
 */
export function searchDocument(names: readonly string[]): string {
  const words = names.flatMap((name) => [
    ...keyWords(name),
    ...(name.match(APOSTROPHES) ? keyWords(name.replace(APOSTROPHES, " ")) : []),
  ]);
  return [...new Set(words)].join(" ");
}

/**
 * A typed query normalised the same way as the stored text: its folded, transliterated and loose
 * forms, so each can meet its like in `searchDocument`. Empty when nothing searchable was typed.
 */
export function searchQuery(input: string): string {
  return searchKeys(input);
}

/**
 * What a typed query searches for: each of its words of two letters or more (a one-letter word is
 * part of nearly every name), once, in its folded, Latin and loose forms. Empty when nothing
 * searchable was typed. "Borščs ar krējumu" → [["borscs"], ["ar"], ["krejumu", "kreiumu"]].
 */
export function searchTerms(input: string): string[][] {
  const words = new Set(wordsOf(foldForSearch(input)).filter((word) => word.length > 1));
  return [...words].map((word) => {
    const latin = transliterate(word);
    // A word of signs the Latin alphabet has no letter for ("ьь") has no Latin form.
    return [...new Set([word, latin, loosenSpelling(latin)])].filter(Boolean);
  });
}

/** What ranks a search result: how close it is to the query (0-1), whether its vendor is open now, its rating. */
export interface SearchStanding {
  relevance: number;
  open: boolean;
  rating: number | null;
}

/** Results in the order a customer reads them: the closest first, then open vendors', then by rating. */
export function bySearchStanding(a: SearchStanding, b: SearchStanding): number {
  return b.relevance - a.relevance || Number(b.open) - Number(a.open) || (b.rating ?? 0) - (a.rating ?? 0);
}
