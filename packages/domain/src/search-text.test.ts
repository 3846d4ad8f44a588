import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bySearchStanding,
  foldForSearch,
  loosenSpelling,
  searchDocument,
  searchKeys,
  searchQuery,
  searchTerms,
  transliterate,
} from "./search-text.ts";

/** The loose key of a typed text: what two spellings must share to meet exactly. */
const looseKey = (text: string) => loosenSpelling(transliterate(foldForSearch(text)));

/** Trigrams of a word as pg_trgm counts them: padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  return new Set(Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3)));
}

/** pg_trgm's `similarity` of two words: shared trigrams over all trigrams of both. */
function similarity(a: string, b: string): number {
  const [left, right] = [trigrams(a), trigrams(b)];
  const shared = [...left].filter((trigram) => right.has(trigram)).length;
  return shared / (left.size + right.size - shared);
}

/** The closest pair of a query's words and a document's words, as a rough stand-in for the database. */
function bestMatch(query: string, document: string): number {
  const documentWords = document.split(" ");
  return Math.max(
    ...query.split(" ").flatMap((word) => documentWords.map((stored) => similarity(word, stored))),
  );
}

describe("foldForSearch", () => {
  it.each([
    // Latvian
    { text: "Klasiskais čīzburgers", folded: "klasiskais cizburgers" },
    { text: "Burgeru Brāļi", folded: "burgeru brali" },
    { text: "ķiploku mērce", folded: "kiploku merce" },
    { text: "Šokolāde", folded: "sokolade" },
    { text: "ĢIMENES PICA", folded: "gimenes pica" },
    { text: "Žāvēta gaļa, ņammīgi!", folded: "zaveta gala nammigi" },
    // Other Latin scripts, and what decomposition misses
    { text: "Crème brûlée", folded: "creme brulee" },
    { text: "Jalapeño & açaí", folded: "jalapeno acai" },
    { text: "Straße", folded: "strasse" },
    { text: "Smørrebrød", folded: "smorrebrod" },
    { text: "Æbleskiver, Œufs", folded: "aebleskiver oeufs" },
    { text: "Łosoś", folded: "losos" },
    { text: "ＰＩＺＺＡ ﬁsh", folded: "pizza fish" },
    // English
    { text: "  Mac & Cheese  ", folded: "mac cheese" },
    { text: "McDonald's\tBIG\n\nMac™", folded: "mcdonalds big mac" },
    { text: "Fish-and-chips (large)", folded: "fish and chips large" },
    { text: "30 cm", folded: "30 cm" },
    // Cyrillic: ё and й fold into е and и, ї into і; Ukrainian apostrophes join the word
    { text: "Ёлка", folded: "елка" },
    { text: "Йогурт", folded: "иогурт" },
    { text: "Київ", folded: "киів" },
    { text: "М'ясо", folded: "мясо" },
    { text: "Мʼясо", folded: "мясо" },
    { text: "Борщ, як у бабусі — у «Вареничній»", folded: "борщ як у бабусі у вареничніи" },
    { text: "Ґудзик, Євген", folded: "ґудзик євген" },
    // Arabic: harakat, tatweel, hamza and alef forms, taa marbuta, alef maqsura, digits
    { text: "بُرْغَر", folded: "برغر" },
    { text: "مُحَمَّد", folded: "محمد" },
    { text: "بـــرغر", folded: "برغر" },
    { text: "أكل إفطار آيس ٱلحلوى", folded: "اكل افطار ايس الحلوي" },
    { text: "شوربة", folded: "شوربه" },
    { text: "لؤلؤ شاطئ", folded: "لولو شاطي" },
    { text: "٣٠ سم، ۱۲۵ غرام؟", folded: "30 سم 125 غرام" },
    { text: "\u200Fچای ی ک", folded: "چاي ي ك" },
  ])("folds $text", ({ text, folded }) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it.each([
    ["ёлка", "елка"],
    ["Čīzburgers", "cizburgers"],
    ["Brāļi", "brali"],
    ["هٰذَا", "هذا"],
    ["أرز", "ارز"],
    ["إرز", "ارز"],
    ["آرز", "ارز"],
    ["كبة", "كبه"],
    ["حلوى", "حلوي"],
    ["شوربة ٢", "شوربه 2"],
  ])("meets %s and %s", (typed, stored) => {
    expect(foldForSearch(typed)).toBe(foldForSearch(stored));
  });

  it("is empty for a text with nothing to search by", () => {
    expect(foldForSearch(" .,!?-—«» ")).toBe("");
  });
});

describe("transliterate", () => {
  it.each([
    { text: "борщ", latin: "borshch" },
    { text: "щи", latin: "shchi" },
    { text: "жаркое", latin: "zharkoe" },
    { text: "хачапури", latin: "khachapuri" },
    { text: "цезарь", latin: "tsezar" },
    { text: "сырники", latin: "syrniki" },
    { text: "юшка и уха", latin: "yushka i ukha" },
    { text: "мясо", latin: "myaso" },
    { text: "вареники", latin: "vareniki" },
    { text: "элка", latin: "elka" },
    // Ukrainian words (with і, ї, є or ґ) read г as h and и as y
    { text: "киів", latin: "kyiv" },
    { text: "голубці", latin: "holubtsi" },
    { text: "ґудзик", latin: "gudzyk" },
    { text: "євген", latin: "evhen" },
    // Bulgarian ъ is a vowel
    { text: "пълнени чушки", latin: "palneni chushki" },
    // Other scripts and digits pass through
    { text: "cizburgers 30 برغر", latin: "cizburgers 30 برغر" },
  ])("writes $text as $latin", ({ text, latin }) => {
    expect(transliterate(text)).toBe(latin);
  });

  it("meets Kyiv and Київ, Kiev and Киев", () => {
    expect(transliterate(foldForSearch("Київ"))).toBe(foldForSearch("Kyiv"));
    expect(transliterate(foldForSearch("Киев"))).toBe(foldForSearch("Kiev"));
  });
});

describe("loosenSpelling", () => {
  it.each([
    { spellings: ["borsch", "borsh", "borshch", "Borshch", "борщ", "Борщ"], key: "bors" },
    { spellings: ["vareniki", "varenyky", "вареники"], key: "vareniki" },
    { spellings: ["Kyiv", "Київ", "Kiiv"], key: "kiv" },
    { spellings: ["khachapuri", "hachapuri", "хачапури"], key: "hacapuri" },
    { spellings: ["sirniki", "syrnyky", "сырники"], key: "sirniki" },
    { spellings: ["jogurts", "yogurts", "йогуртс"], key: "iogurc" },
    { spellings: ["pica", "pitsa", "пицца"], key: "pica" },
    { spellings: ["šokolāde", "shokolade", "шоколаде"], key: "sokolade" },
    { spellings: ["čīzburgers", "chizburgers", "cizburgers", "чизбургерс"], key: "cizburgers" },
  ])("gives $spellings one key", ({ spellings, key }) => {
    expect(spellings.map(looseKey)).toEqual(spellings.map(() => key));
  });
});

describe("searchKeys", () => {
  it.each([
    { text: "Борщ із пампушками", keys: "борщ із пампушками borshch iz pampushkami bors pampuskami" },
    { text: "Klasiskais čīzburgers", keys: "klasiskais cizburgers" },
    { text: "Classic cheeseburger", keys: "classic cheeseburger clasic ceseburger" },
    { text: "تشيز برغر كلاسيكي", keys: "تشيز برغر كلاسيكي" },
    { text: "", keys: "" },
  ])("keys $text", ({ text, keys }) => {
    expect(searchKeys(text)).toBe(keys);
  });
});

describe("searchDocument and searchQuery", () => {
  const cheeseburger = searchDocument([
    "Classic cheeseburger",
    "Klasiskais čīzburgers",
    "Класичний чизбургер",
    "تشيز برغر كلاسيكي",
    "Cheeseburger clássico",
    "Классический чизбургер",
  ]);
  const borscht = searchDocument([
    "Borscht with pampushky",
    "Borščs ar pampuškām",
    "Борщ із пампушками",
    "بورشت مع خبز بامبوشكي",
    "Борщ с пампушками",
  ]);

  it("keeps every word once", () => {
    const words = cheeseburger.split(" ");
    expect(new Set(words).size).toBe(words.length);
    expect(words).toEqual(expect.arrayContaining(["cizburgers", "chizburger", "cizburger", "برغر"]));
  });

  it("keys an elided name whole and in parts", () => {
    expect(searchDocument(["Canard à l'orange"]).split(" ")).toEqual(
      expect.arrayContaining(["lorange", "orange"]),
    );
  });

  it.each(["cizburgers", "čīzburger", "chizburgers", "cheesburger", "чизбургер", "Cheeseburger"])(
    "brings %s within trigram reach of the cheeseburger",
    (typed) => {
      expect(bestMatch(searchQuery(typed), cheeseburger)).toBeGreaterThanOrEqual(0.5);
    },
  );

  it.each(["borsch", "borsh", "borshch", "борщ", "БОРЩ", "borscht"])(
    "finds the word %s exactly in the borscht's document",
    (typed) => {
      expect(bestMatch(searchQuery(typed), borscht)).toBe(1);
    },
  );

  it("finds an Arabic dish with and without short vowels", () => {
    const dish = searchDocument(["شُورْبَةُ العَدَس"]);
    expect(bestMatch(searchQuery("شوربه العدس"), dish)).toBe(1);
    expect(searchQuery("شُورْبَةُ")).toBe(searchQuery("شوربة"));
  });
});

/** Letters worth mixing: Latin with diacritics, Cyrillic, Arabic with harakat, marks, punctuation. */
const searchy = fc.string({
  unit: fc.oneof(
    fc.constantFrom(..."aAbBčČīĪļĻšŠžŽßẞøØæÆıİéÉñ'’ʼ-.,!? \t\n"),
    fc.constantFrom(..."бБорщЩёЁйЙїЇіІєЄґҐъЪьЬшчжхцюяыэ"),
    fc.constantFrom(..."برغأإآٱةىؤئـ\u064B\u064E\u0650\u0651\u0652\u0670٣۳،؟"),
    fc.constantFrom("\u0301", "\u0308", "\u200D", "\u200F", "ǅ", "㎁", "ŉ", "ﬁ"),
  ),
  maxLength: 40,
});
const anyText = fc.oneof(searchy, fc.string({ unit: "binary", maxLength: 40 }));

describe("search text properties", () => {
  it("folds idempotently", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const folded = foldForSearch(text);
        expect(foldForSearch(folded)).toBe(folded);
      }),
    );
  });

  it("folds to no capital, no combining mark and single inner spaces", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const folded = foldForSearch(text);
        expect(folded).not.toMatch(/[\p{Lu}\p{Lt}\p{M}]|\s\s|^\s|\s$/u);
      }),
    );
  });

  it("transliterates every Russian, Ukrainian and Bulgarian letter", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(transliterate(foldForSearch(text))).not.toMatch(/[а-яёієїґў]/);
      }),
    );
  });

  it("normalises any query without throwing, to single spaces", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(searchQuery(text)).not.toMatch(/ {2}|^ | $/);
      }),
    );
  });

  it("finds an item by each word of any of its names", () => {
    fc.assert(
      fc.property(fc.array(anyText, { minLength: 1, maxLength: 4 }), fc.nat(), (names, pick) => {
        const stored = new Set(searchDocument(names).split(" "));
        const query = searchQuery(names[pick % names.length] ?? "");
        for (const word of query.split(" ").filter(Boolean)) expect(stored).toContain(word);
      }),
    );
  });
});

describe("bySearchStanding", () => {
  it("puts the closest first, then open vendors', then the better rated", () => {
    const results = [
      { name: "far", relevance: 0.6, open: true, rating: 5 },
      { name: "closed", relevance: 1, open: false, rating: 5 },
      { name: "unrated", relevance: 1, open: true, rating: null },
      { name: "best", relevance: 1, open: true, rating: 4.8 },
    ];
    expect(results.sort(bySearchStanding).map((r) => r.name)).toEqual(["best", "unrated", "closed", "far"]);
  });
});

describe("searchTerms", () => {
  it.each([
    ["Borščs ar krējumu", [["borscs"], ["ar"], ["krejumu", "kreiumu"]]],
    ["борщ", [["борщ", "borshch", "bors"]]],
    ["a pizza pizza", [["pizza", "piza"]]],
    ["  . ", []],
    ["ьь", [["ьь"]]],
  ])("searches %s as its words' forms", (typed, terms) => {
    expect(searchTerms(typed)).toEqual(terms);
  });

  it("finds every term's forms among the words of the document of what was typed", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const stored = new Set(searchDocument([text]).split(" "));
        for (const forms of searchTerms(text)) for (const form of forms) expect(stored).toContain(form);
      }),
    );
  });
});
