import type { FullI18nText } from "./types.ts";

/**
 * How the demo's promo codes are described to customers, by code. The storefront shows each code's
 * amount, minimum and dates itself, in the city's currency, so these words carry no numbers.
 */
export const PROMO_DESCRIPTIONS: Record<
  "WELCOME5" | "SAVE10" | "FREESHIP" | "SUMMER" | "LAUNCH",
  FullI18nText
> = {
  WELCOME5: {
    ar: "خصم ترحيبي على طلب أكبر",
    bg: "Отстъпка за добре дошли при по-голяма поръчка",
    en: "Welcome discount for a larger order",
    es: "Descuento de bienvenida en un pedido más grande",
    fr: "Remise de bienvenue sur une commande plus grande",
    it: "Sconto di benvenuto su un ordine più grande",
    lv: "Sveiciena atlaide lielākam pasūtījumam",
    mg: "Fihenam-bidy fandraisana ho an'ny kaomandy lehibe kokoa",
    pt: "Desconto de boas-vindas numa encomenda maior",
    ru: "Приветственная скидка на заказ побольше",
    uk: "Вітальна знижка на більше замовлення",
  },
  SAVE10: {
    ar: "وفّر على أي طلب",
    bg: "Спестете от всяка поръчка",
    en: "Save on any order",
    es: "Ahorra en cualquier pedido",
    fr: "Économisez sur toute commande",
    it: "Risparmia su qualsiasi ordine",
    lv: "Ietaupiet jebkuram pasūtījumam",
    mg: "Mitahiry vola amin'ny kaomandy rehetra",
    pt: "Poupe em qualquer encomenda",
    ru: "Экономия на любом заказе",
    uk: "Економія на будь-якому замовленні",
  },
  FREESHIP: {
    ar: "بلا رسوم توصيل، مهما طلبت",
    bg: "Без такса за доставка, каквото и да поръчате",
    en: "No delivery fee, whatever you order",
    es: "Sin gastos de envío, pidas lo que pidas",
    fr: "Sans frais de livraison, quelle que soit la commande",
    it: "Niente costi di consegna, qualunque cosa ordini",
    lv: "Bez piegādes maksas, lai ko jūs pasūtītu",
    mg: "Tsy misy sarany fanaterana, na inona na inona kaomandinao",
    pt: "Sem taxa de entrega, encomende o que encomendar",
    ru: "Без платы за доставку, что бы вы ни заказали",
    uk: "Без плати за доставку, хоч би що ви замовили",
  },
  SUMMER: {
    ar: "خصم الصيف الماضي",
    bg: "Отстъпката от миналото лято",
    en: "Last summer's discount",
    es: "El descuento del verano pasado",
    fr: "La remise de l’été dernier",
    it: "Lo sconto dell’estate scorsa",
    lv: "Pagājušās vasaras atlaide",
    mg: "Ny fihenam-bidy tamin'ny fahavaratra lasa",
    pt: "O desconto do verão passado",
    ru: "Скидка прошлого лета",
    uk: "Знижка минулого літа",
  },
  LAUNCH: {
    ar: "هدية يوم الافتتاح، نفدت",
    bg: "Подарък за откриването, изчерпан",
    en: "Launch day gift, all used",
    es: "Regalo de inauguración, agotado",
    fr: "Cadeau d’ouverture, épuisé",
    it: "Regalo d’inaugurazione, esaurito",
    lv: "Atklāšanas dāvana, izlietota",
    mg: "Fanomezana tamin'ny andro fanokafana, lany",
    pt: "Oferta do dia de abertura, esgotada",
    ru: "Подарок ко дню открытия — все разобраны",
    uk: "Подарунок до відкриття — усі розібрано",
  },
};

/** The demo's service fee, explained to customers. */
export const SERVICE_FEE_DESCRIPTION: FullI18nText = {
  ar: "يغطي تكاليف معالجة الدفع وخدمة العملاء",
  bg: "Покрива обработката на плащанията и обслужването на клиенти",
  en: "Covers payment processing and customer support",
  es: "Cubre el procesamiento de pagos y la atención al cliente",
  fr: "Couvre le traitement des paiements et le service client",
  it: "Copre l’elaborazione dei pagamenti e l’assistenza clienti",
  lv: "Sedz maksājumu apstrādi un klientu atbalstu",
  mg: "Mandoa ny fikarakarana ny fandoavam-bola sy ny fanohanana ny mpanjifa",
  pt: "Cobre o processamento de pagamentos e o apoio ao cliente",
  ru: "Покрывает обработку платежей и поддержку клиентов",
  uk: "Покриває обробку платежів і підтримку клієнтів",
};
