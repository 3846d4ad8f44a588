import type { Locale } from "@storefront/domain";

/**
 * The e-mail that tells a customer part of their order's payment was given back, in every language
 * of the storefront. Placeholders: {partner} (the brand), {order} (its number), {amount} (formatted
 * in the customer's language), {reason} (as the partner's staff wrote it).
 */
export const REFUND_EMAILS: Record<Locale, { subject: string; body: string }> = {
  en: {
    subject: "{partner}: {amount} refunded for order No. {order}",
    body: "Hello,\n\n{partner} has refunded {amount} of your order No. {order}.\nReason: {reason}\n\nThe money goes back to the card you paid with; your bank may take a few days to show it.",
  },
  ar: {
    subject: "{partner}: تم استرداد {amount} من الطلب رقم {order}",
    body: "مرحبًا،\n\nأعادت {partner} إليك {amount} من طلبك رقم {order}.\nالسبب: {reason}\n\nيعود المبلغ إلى البطاقة التي دفعت بها؛ وقد يستغرق ظهوره لدى مصرفك بضعة أيام.",
  },
  bg: {
    subject: "{partner}: възстановени {amount} за поръчка № {order}",
    body: "Здравейте,\n\n{partner} ви възстанови {amount} от поръчка № {order}.\nПричина: {reason}\n\nСумата се връща по картата, с която платихте; може да минат няколко дни, докато банката ви я покаже.",
  },
  es: {
    subject: "{partner}: reembolso de {amount} del pedido n.º {order}",
    body: "Hola:\n\n{partner} le ha reembolsado {amount} de su pedido n.º {order}.\nMotivo: {reason}\n\nEl dinero vuelve a la tarjeta con la que pagó; su banco puede tardar unos días en mostrarlo.",
  },
  fr: {
    subject: "{partner} : {amount} remboursés pour la commande n° {order}",
    body: "Bonjour,\n\n{partner} vous a remboursé {amount} sur votre commande n° {order}.\nMotif : {reason}\n\nLa somme revient sur la carte avec laquelle vous avez payé ; votre banque peut mettre quelques jours à l'afficher.",
  },
  it: {
    subject: "{partner}: rimborsati {amount} per l'ordine n. {order}",
    body: "Buongiorno,\n\n{partner} le ha rimborsato {amount} del suo ordine n. {order}.\nMotivo: {reason}\n\nL'importo torna sulla carta con cui ha pagato; la sua banca potrebbe impiegare qualche giorno a mostrarlo.",
  },
  lv: {
    subject: "{partner}: atmaksāti {amount} par pasūtījumu Nr. {order}",
    body: "Labdien!\n\n{partner} jums atmaksāja {amount} par pasūtījumu Nr. {order}.\nIemesls: {reason}\n\nNauda atgriežas kartē, ar kuru maksājāt; bankai var būt vajadzīgas dažas dienas, lai to parādītu.",
  },
  mg: {
    subject: "{partner}: naverina ny {amount} amin'ny kaomandy laharana {order}",
    body: "Manao ahoana,\n\nNaverin'i {partner} aminao ny {amount} amin'ny kaomandinao laharana {order}.\nAntony: {reason}\n\nMiverina amin'ny karatra nandoavanao ny vola; mety haharitra andro vitsivitsy vao hiseho izany any amin'ny bankinao.",
  },
  pt: {
    subject: "{partner}: reembolso de {amount} do pedido n.º {order}",
    body: "Olá,\n\nA {partner} reembolsou {amount} do seu pedido n.º {order}.\nMotivo: {reason}\n\nO valor volta para o cartão com que pagou; o seu banco pode demorar alguns dias a mostrá-lo.",
  },
  ru: {
    subject: "{partner}: возвращено {amount} за заказ № {order}",
    body: "Здравствуйте!\n\n{partner} вернул вам {amount} за заказ № {order}.\nПричина: {reason}\n\nДеньги вернутся на карту, которой вы платили; банку может понадобиться несколько дней, чтобы их показать.",
  },
  uk: {
    subject: "{partner}: повернено {amount} за замовлення № {order}",
    body: "Вітаємо!\n\n{partner} повернув вам {amount} за замовлення № {order}.\nПричина: {reason}\n\nГроші повернуться на картку, якою ви платили; банку може знадобитися кілька днів, щоб їх показати.",
  },
};

/** A refund e-mail's text with its placeholders filled. */
export function fillRefundEmail(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
