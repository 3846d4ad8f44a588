import type { LocalizedText } from "@storefront/domain";

/** How the demo's referral programme (15 % off a friend's first order, 10 % back) is described. */
export const REFERRAL_DESCRIPTIONS: { discount: LocalizedText; bonus: LocalizedText } = {
  discount: {
    en: "Your friend gets 15% off their first order with your code.",
    ar: "يحصل صديقك على خصم 15% على طلبه الأول باستخدام رمزك.",
    es: "Tu amigo obtiene un 15 % de descuento en su primer pedido con tu código.",
    fr: "Votre ami obtient 15 % de réduction sur sa première commande avec votre code.",
    it: "Il tuo amico ottiene il 15% di sconto sul primo ordine con il tuo codice.",
    lv: "Tavs draugs ar tavu kodu saņem 15% atlaidi pirmajam pasūtījumam.",
    mg: "Mahazo fihenam-bidy 15% amin'ny kaomandiny voalohany ny namanao amin'ny kaodinao.",
    pt: "O seu amigo recebe 15% de desconto no primeiro pedido com o seu código.",
    bg: "Вашият приятел получава 15% отстъпка от първата си поръчка с вашия код.",
    ru: "Ваш друг получит скидку 15% на первый заказ по вашему коду.",
    uk: "Ваш друг отримає знижку 15% на перше замовлення за вашим кодом.",
  },
  bonus: {
    en: "You get a 10% promo code once their first order is delivered.",
    ar: "تحصل على رمز ترويجي بخصم 10% عند توصيل طلبه الأول.",
    es: "Tú recibes un código promocional del 10 % cuando se entregue su primer pedido.",
    fr: "Vous recevez un code promo de 10 % dès que sa première commande est livrée.",
    it: "Tu ricevi un codice promozionale del 10% quando il suo primo ordine viene consegnato.",
    lv: "Tu saņem 10% promo kodu, kad viņa pirmais pasūtījums ir piegādāts.",
    mg: "Mahazo kaody fampiroboroboana 10% ianao rehefa tonga ny kaomandiny voalohany.",
    pt: "Você recebe um código promocional de 10% quando o primeiro pedido for entregue.",
    bg: "Вие получавате промокод за 10%, щом първата му поръчка бъде доставена.",
    ru: "Вы получите промокод на 10%, когда его первый заказ будет доставлен.",
    uk: "Ви отримаєте промокод на 10%, щойно його перше замовлення буде доставлено.",
  },
};
