import type { Locale } from "@storefront/domain";
import { useT } from "../lib/i18n.ts";
import { type GroupRow, newGroup, newOption, type OptionRow } from "../lib/product-draft.ts";
import { NumberField } from "./form-parts.tsx";
import { LocalizedInput } from "./localized-input.tsx";

/**
 * A product's option groups and their options, edited in place: each input's id is the API's path
 * of its field, so a refusal marks (and focuses) the right one.
 */
export function OptionGroupsEditor({
  groups,
  lang,
  invalid,
  invalidLang,
  onChange,
}: {
  groups: GroupRow[];
  lang: Locale;
  /** The field the API refused, by its path. */
  invalid: string | null;
  /** The language refused in a localized field, by the field's path. */
  invalidLang: (id: string) => Locale | null;
  onChange: (groups: GroupRow[]) => void;
}) {
  const t = useT();
  const setGroup = (index: number, change: Partial<GroupRow>) =>
    onChange(groups.map((group, i) => (i === index ? { ...group, ...change } : group)));
  const setOption = (groupIndex: number, optionIndex: number, change: Partial<OptionRow>) => {
    const group = groups[groupIndex] as GroupRow;
    setGroup(groupIndex, {
      options: group.options.map((option, i) => (i === optionIndex ? { ...option, ...change } : option)),
    });
  };
  return (
    <section aria-labelledby="option-groups" className="grid gap-3">
      <h2 id="option-groups" className="font-semibold text-lg">
        {t("menuEditor.optionGroups")}
      </h2>
      {groups.length === 0 ? <p className="text-ink-soft text-sm">{t("menuEditor.noOptionGroups")}</p> : null}
      {groups.map((group, g) => (
        <fieldset key={group.key} className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line">
          <legend className="sr-only">{t("menuEditor.groupNumber", { number: g + 1 })}</legend>
          <div className="grid gap-3 lg:grid-cols-[2fr_1fr]">
            <LocalizedInput
              id={`optionGroups.${g}.name`}
              label={t("menuEditor.groupName", { number: g + 1 })}
              lang={lang}
              value={group.name}
              onChange={(name) => setGroup(g, { name })}
              maxLength={80}
              invalid={invalidLang(`optionGroups.${g}.name`)}
            />
            <div className="grid content-start gap-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={group.required}
                  onChange={(event) => setGroup(g, { required: event.target.checked })}
                  className="size-4"
                />
                {t("menuEditor.required")}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={group.multiSelection}
                  onChange={(event) =>
                    setGroup(g, {
                      multiSelection: event.target.checked,
                      maxCount: event.target.checked && group.maxCount === "1" ? "2" : group.maxCount,
                    })
                  }
                  className="size-4"
                />
                {t("menuEditor.multiSelection")}
              </label>
              <NumberField
                name={`optionGroups.${g}.maxCount`}
                label={t("menuEditor.maxCount")}
                value={group.multiSelection ? group.maxCount : "1"}
                onChange={(event) => setGroup(g, { maxCount: event.target.value })}
                refused={invalid}
                step="1"
                disabled={!group.multiSelection}
              />
            </div>
          </div>
          <ul
            id={`optionGroups.${g}.options`}
            tabIndex={-1}
            aria-label={t("menuEditor.optionsOf", { number: g + 1 })}
            aria-invalid={invalid === `optionGroups.${g}.options` || undefined}
            className="grid gap-2 rounded-xl aria-[invalid]:ring-2 aria-[invalid]:ring-red-700"
          >
            {group.options.map((option, o) => (
              <li
                key={option.key}
                className="grid items-start gap-3 rounded-xl bg-surface p-3 sm:grid-cols-[2fr_8rem_auto_auto]"
              >
                <LocalizedInput
                  id={`optionGroups.${g}.options.${o}.name`}
                  label={t("menuEditor.optionName", { number: o + 1 })}
                  lang={lang}
                  value={option.name}
                  onChange={(name) => setOption(g, o, { name })}
                  maxLength={80}
                  invalid={invalidLang(`optionGroups.${g}.options.${o}.name`)}
                />
                <NumberField
                  name={`optionGroups.${g}.options.${o}.price`}
                  label={t("menuEditor.optionPrice")}
                  value={option.price}
                  onChange={(event) => setOption(g, o, { price: event.target.value })}
                  refused={invalid}
                  step="0.01"
                />
                <label className="flex items-center gap-2 self-center text-sm">
                  <input
                    type="checkbox"
                    checked={!option.available}
                    onChange={(event) => setOption(g, o, { available: !event.target.checked })}
                    className="size-4"
                  />
                  {t("menus.soldOut")}
                </label>
                <button
                  type="button"
                  onClick={() => setGroup(g, { options: group.options.filter((_, i) => i !== o) })}
                  className="self-center rounded-lg border border-line px-3 py-1.5 text-sm"
                >
                  {t("menuEditor.removeOption", { number: o + 1 })}
                </button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => setGroup(g, { options: [...group.options, newOption()] })}
              className="rounded-lg border border-line px-3 py-1.5 text-sm"
            >
              {t("menuEditor.addOption", { number: g + 1 })}
            </button>
            <button
              type="button"
              onClick={() => onChange(groups.filter((_, i) => i !== g))}
              className="rounded-lg border border-red-700 px-3 py-1.5 text-red-800 text-sm"
            >
              {t("menuEditor.removeGroup", { number: g + 1 })}
            </button>
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() => onChange([...groups, newGroup()])}
        className="justify-self-start rounded-lg border border-line bg-white px-4 py-2 text-sm"
      >
        {t("menuEditor.addGroup")}
      </button>
    </section>
  );
}
