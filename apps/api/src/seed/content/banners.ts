import type { BannerTemplate } from "./types.ts";

/** Home page banners per locality code; vendorIndex points into that locality's vendor list. */
export const banners: Record<string, BannerTemplate[]> = {
  riga: [
    {
      title: {
        en: "Free delivery from Sushi Sakura",
        lv: "Bezmaksas piegāde no Sushi Sakura",
        ru: "Бесплатная доставка из Sushi Sakura",
      },
      icon: "sushi",
      colour: "#1f4e79",
      vendorIndex: 0,
    },
    {
      title: {
        en: "Gyoza 20% off at Noodle Lab",
        lv: "Gjoza ar 20% atlaidi — Noodle Lab",
        ru: "Гёдза со скидкой 20% в Noodle Lab",
      },
      icon: "dumpling",
      colour: "#7048a8",
      vendorIndex: 16,
    },
    {
      title: {
        en: "Fresh croissants every morning at Rīta Maiznīca",
        lv: "Svaigi kruasāni katru rītu — Rīta Maiznīca",
        ru: "Свежие круассаны каждое утро в Rīta Maiznīca",
      },
      icon: "croissant",
      colour: "#d9a441",
      vendorIndex: 4,
    },
  ],
  kyiv: [
    {
      title: { en: "Free delivery from Kioto Rol", uk: "Безкоштовна доставка з «Кіото Рол»" },
      icon: "sushi",
      colour: "#1f4e79",
      vendorIndex: 0,
    },
    {
      title: {
        en: "Borscht just like grandma’s at Varenychna Kalyna",
        uk: "Борщ, як у бабусі, — у Вареничній Калині",
      },
      icon: "pot-of-food",
      colour: "#4361c2",
      vendorIndex: 7,
    },
    {
      title: { en: "Tulips 15% off at Malva", uk: "Тюльпани зі знижкою 15% у «Мальві»" },
      icon: "tulip",
      colour: "#c04f8d",
      vendorIndex: 13,
    },
  ],
  baghdad: [
    {
      title: { en: "Wood-fired masgouf from Masgouf Dijla", ar: "مسكوف على نار الحطب من مسكوف دجلة" },
      icon: "fish",
      colour: "#a0522d",
      vendorIndex: 0,
    },
    {
      title: { en: "Free delivery from Al-Sabah Bakery", ar: "توصيل مجاني من مخبز الصباح" },
      icon: "croissant",
      colour: "#d9a441",
      vendorIndex: 5,
    },
    {
      title: { en: "Waffles 20% off at Gelato Al-Karrada", ar: "خصم 20% على الوافل في جيلاتو الكرادة" },
      icon: "waffle",
      colour: "#e0719c",
      vendorIndex: 7,
    },
  ],
};
