import { Link, useSearchParams } from "react-router";
import { Icon } from "../components/icons.tsx";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { OrderNewsOffer } from "../components/order-news-offer.tsx";
import { useLocale, useT } from "../lib/i18n.ts";

/** After checkout (`modal=SuccessScreenModal&order=…`): the order is placed; its status page is next. */
export default function SuccessScreenModal() {
  const t = useT();
  const locale = useLocale();
  const close = useCloseModal();
  const [search] = useSearchParams();
  const order = search.get("order");
  return (
    <Modal title={t("success.title")} onClose={close}>
      <div className="grid justify-items-center gap-3 p-6 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-green-100 text-green-700">
          <Icon name="check" className="size-9" />
        </span>
        <p className="text-lg font-semibold">{t("success.number", { id: order ?? "" })}</p>
        <p className="text-ink-soft">{t("success.text")}</p>
        <OrderNewsOffer />
        {order && (
          <Link
            to={`/${locale}/menu/orders/${order}/status`}
            className="mt-2 inline-flex min-h-12 items-center rounded-full bg-brand px-6 font-semibold text-brand-ink"
          >
            {t("success.follow")}
          </Link>
        )}
      </div>
    </Modal>
  );
}
