import { expect, oneWidthPerLanguage, pageIsLive, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { type Lang, say } from "./words.ts";

/** Dishes of Pica Fornello's menu, as the seed names them. */
const DISHES = {
  margherita: { en: "Margherita", ar: "مارغريتا" },
  arrabbiata: { en: "Penne arrabbiata", ar: "بيني أرابياتا" },
} as const;

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(
    `a customer with a milk allergy hides what holds milk and reads a dish's allergens (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page }, info) => {
      const words = (key: string) => say(lang, key);
      await page.goto(`/${lang}/riga`);
      await page.getByRole("main").getByRole("link", { name: "Pica Fornello" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Pica Fornello" })).toBeVisible();
      // The page's script has run (its controls answer) once nothing more is loading.
      await pageIsLive(page);

      // The card shows how hot a dish is and what it holds, each icon named.
      const arrabbiataCard = page
        .getByRole("article")
        .filter({ has: page.getByRole("link", { name: DISHES.arrabbiata[lang] }) });
      await expect(arrabbiataCard.getByRole("img", { name: words("product.spicy.3") })).toBeVisible();
      const vegan = arrabbiataCard.getByRole("img", { name: words("tag.VEGAN") });
      await expect(vegan).toBeVisible();
      // Drawn from the icons' cached sprite: its shapes take room once the sprite is there.
      await expect
        .poll(() => vegan.locator("use").evaluate((use: SVGGraphicsElement) => use.getBBox().width))
        .toBeGreaterThan(0);
      await expect(
        arrabbiataCard.getByRole("img", {
          name: say(lang, "product.contains", { name: words("allergen.GLUTEN") }),
        }),
      ).toBeVisible();
      const margherita = page.getByRole("link", { name: DISHES.margherita[lang], exact: true });
      await expect(margherita.first()).toBeVisible();

      await page.getByRole("button", { name: words("menuFilter.title") }).click();
      const filter = page.getByRole("dialog", { name: words("menuFilter.title") });
      const hideWith = filter.getByRole("group", { name: words("menuFilter.without") });
      await hideWith.getByRole("checkbox", { name: words("allergen.MILK") }).check();
      // At once, without loading the menu again: every dish with milk is gone.
      await expect(margherita).toHaveCount(0);
      await expect(page.getByRole("link", { name: DISHES.arrabbiata[lang] }).first()).toBeVisible();
      await screenshot(page, `dietary-filter-${info.project.name}-${lang}`);
      await filter.getByRole("button").click();
      await expect(filter).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: words("menuFilter.showAll") })).toBeVisible();

      // The address keeps the filter: a reload shows the same menu.
      await page.reload();
      await pageIsLive(page);
      await expect(margherita).toHaveCount(0);
      await expect(page.getByRole("button", { name: words("menuFilter.title") })).toContainText("1");

      // The dish's own page says what it keeps to and what it holds, in words.
      await page.getByRole("link", { name: DISHES.arrabbiata[lang] }).first().click();
      const dish = page.getByRole("dialog", { name: DISHES.arrabbiata[lang] });
      await expect(dish.getByRole("list", { name: words("product.diets") }).getByRole("listitem")).toHaveText(
        [words("tag.VEGAN"), words("product.spicy.3")],
      );
      const allergens = dish.getByRole("region", { name: words("product.allergens") });
      await expect(allergens.getByRole("listitem")).toHaveText([words("allergen.GLUTEN")]);
      await screenshot(page, `dietary-dish-${info.project.name}-${lang}`);
      await page.keyboard.press("Escape");
      await expect(dish).toBeHidden();

      await page
        .getByRole("status")
        .getByRole("link", { name: words("menuFilter.showAll") })
        .click();
      await expect(margherita.first()).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: words("menuFilter.showAll") })).toHaveCount(0);
    },
  );
}
