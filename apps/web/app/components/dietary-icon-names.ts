/** The Lucide icons (by their Lucide names) of diets, heat and allergens, in `dietary-icons.svg`. */
export const DIETARY_ICONS = [
  "wheat",
  "shrimp",
  "egg",
  "fish",
  "nut",
  "bean",
  "milk",
  "tree-deciduous",
  "leafy-green",
  "droplet",
  "sprout",
  "wine",
  "flower",
  "shell",
  "leaf",
  "vegan",
  "moon",
  "wheat-off",
  "flame",
] as const;

export type DietaryIconName = (typeof DIETARY_ICONS)[number];
