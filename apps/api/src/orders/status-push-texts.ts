import { DEFAULT_LOCALE, type Locale, localeFromTag, type OrderStatusName } from "@storefront/domain";

/**
 * A status push's title and body in every language of the storefront: the order's number, and its
 * status as the storefront's order page writes it (the same words, copied from its catalogues: a
 * test compares them).
 */
const STATUS_PUSH_TEXTS: Record<Locale, { title: string; status: Record<OrderStatusName, string> }> = {
  ar: {
    title: "الطلب رقم {id}",
    status: {
      CREATED: "بانتظار الدفع",
      WAITING_APPROVAL: "بانتظار قبول المطعم",
      APPROVED: "قيد التحضير",
      PREPARING: "قيد التحضير",
      READY: "جاهز",
      ON_DELIVERY: "في الطريق",
      ARRIVED: "وصل مندوب التوصيل",
      COMPLETED: "مكتمل",
      DECLINED: "رفضه المطعم",
      CANCELED: "ملغى",
      CANCELLED: "ملغى",
    },
  },
  bg: {
    title: "Поръчка № {id}",
    status: {
      CREATED: "Очаква плащане",
      WAITING_APPROVAL: "Очаква потвърждение от ресторанта",
      APPROVED: "Приготвя се",
      PREPARING: "Приготвя се",
      READY: "Готова",
      ON_DELIVERY: "На път",
      ARRIVED: "Куриерът пристигна",
      COMPLETED: "Изпълнена",
      DECLINED: "Отказана от ресторанта",
      CANCELED: "Отменена",
      CANCELLED: "Отменена",
    },
  },
  en: {
    title: "Order No. {id}",
    status: {
      CREATED: "Awaiting payment",
      WAITING_APPROVAL: "Waiting for the restaurant to accept",
      APPROVED: "Preparing",
      PREPARING: "Preparing",
      READY: "Ready",
      ON_DELIVERY: "On the way",
      ARRIVED: "The courier has arrived",
      COMPLETED: "Completed",
      DECLINED: "Declined by the restaurant",
      CANCELED: "Cancelled",
      CANCELLED: "Cancelled",
    },
  },
  es: {
    title: "Pedido n.º {id}",
    status: {
      CREATED: "Pendiente de pago",
      WAITING_APPROVAL: "Esperando a que el restaurante lo acepte",
      APPROVED: "En preparación",
      PREPARING: "En preparación",
      READY: "Listo",
      ON_DELIVERY: "En camino",
      ARRIVED: "El repartidor ha llegado",
      COMPLETED: "Completado",
      DECLINED: "Rechazado por el restaurante",
      CANCELED: "Cancelado",
      CANCELLED: "Cancelado",
    },
  },
  fr: {
    title: "Commande n° {id}",
    status: {
      CREATED: "En attente de paiement",
      WAITING_APPROVAL: "En attente d’acceptation par le restaurant",
      APPROVED: "En préparation",
      PREPARING: "En préparation",
      READY: "Prête",
      ON_DELIVERY: "En route",
      ARRIVED: "Le livreur est arrivé",
      COMPLETED: "Terminée",
      DECLINED: "Refusée par le restaurant",
      CANCELED: "Annulée",
      CANCELLED: "Annulée",
    },
  },
  it: {
    title: "Ordine n. {id}",
    status: {
      CREATED: "In attesa di pagamento",
      WAITING_APPROVAL: "In attesa di conferma dal ristorante",
      APPROVED: "In preparazione",
      PREPARING: "In preparazione",
      READY: "Pronto",
      ON_DELIVERY: "In consegna",
      ARRIVED: "Il rider è arrivato",
      COMPLETED: "Completato",
      DECLINED: "Rifiutato dal ristorante",
      CANCELED: "Annullato",
      CANCELLED: "Annullato",
    },
  },
  lv: {
    title: "Pasūtījums Nr. {id}",
    status: {
      CREATED: "Gaida apmaksu",
      WAITING_APPROVAL: "Gaida restorāna apstiprinājumu",
      APPROVED: "Tiek gatavots",
      PREPARING: "Tiek gatavots",
      READY: "Gatavs",
      ON_DELIVERY: "Ceļā",
      ARRIVED: "Kurjers ir ieradies",
      COMPLETED: "Izpildīts",
      DECLINED: "Restorāns noraidīja",
      CANCELED: "Atcelts",
      CANCELLED: "Atcelts",
    },
  },
  mg: {
    title: "Kaomandy laharana {id}",
    status: {
      CREATED: "Miandry ny fandoavam-bola",
      WAITING_APPROVAL: "Miandry ny fanekena avy amin'ny trano fisakafoanana",
      APPROVED: "Eo am-panomanana",
      PREPARING: "Eo am-panomanana",
      READY: "Vonona",
      ON_DELIVERY: "An-dalana",
      ARRIVED: "Tonga ny mpanatitra",
      COMPLETED: "Vita",
      DECLINED: "Nolavin'ny trano fisakafoanana",
      CANCELED: "Nofoanana",
      CANCELLED: "Nofoanana",
    },
  },
  pt: {
    title: "Pedido n.º {id}",
    status: {
      CREATED: "A aguardar pagamento",
      WAITING_APPROVAL: "A aguardar a aceitação do restaurante",
      APPROVED: "Em preparação",
      PREPARING: "Em preparação",
      READY: "Pronto",
      ON_DELIVERY: "A caminho",
      ARRIVED: "O estafeta chegou",
      COMPLETED: "Concluído",
      DECLINED: "Recusado pelo restaurante",
      CANCELED: "Cancelado",
      CANCELLED: "Cancelado",
    },
  },
  ru: {
    title: "Заказ № {id}",
    status: {
      CREATED: "Ожидает оплаты",
      WAITING_APPROVAL: "Ожидает подтверждения ресторана",
      APPROVED: "Готовится",
      PREPARING: "Готовится",
      READY: "Готов",
      ON_DELIVERY: "В пути",
      ARRIVED: "Курьер на месте",
      COMPLETED: "Выполнен",
      DECLINED: "Отклонён рестораном",
      CANCELED: "Отменён",
      CANCELLED: "Отменён",
    },
  },
  uk: {
    title: "Замовлення № {id}",
    status: {
      CREATED: "Очікує на оплату",
      WAITING_APPROVAL: "Очікує на підтвердження ресторану",
      APPROVED: "Готується",
      PREPARING: "Готується",
      READY: "Готове",
      ON_DELIVERY: "У дорозі",
      ARRIVED: "Кур’єр на місці",
      COMPLETED: "Виконано",
      DECLINED: "Відхилено рестораном",
      CANCELED: "Скасовано",
      CANCELLED: "Скасовано",
    },
  },
};

/** What a customer reads on their phone when their order moves, in their language (English else). */
export function statusPushText(
  lang: string | null,
  order: { id: number; status: OrderStatusName },
): { title: string; body: string } {
  const texts = STATUS_PUSH_TEXTS[localeFromTag(lang) ?? DEFAULT_LOCALE];
  return { title: texts.title.replace("{id}", String(order.id)), body: texts.status[order.status] };
}
