import { useSearchParams } from "react-router";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { useT } from "../lib/i18n.ts";
import { FRAME_PARAM, FRAMED_LINK_TITLES, framedAddress, isFramedLink } from "../lib/partner-frames.ts";
import { useStorefront } from "../lib/storefront.ts";

/**
 * A page the partner links to (terms of use, privacy policy…), shown in a frame over the storefront.
 * The query names the link, never an address: only the partner's own http(s) links are framed.
 */
export default function EmbeddedFrame() {
  const t = useT();
  const close = useCloseModal();
  const [search] = useSearchParams();
  const { params } = useStorefront();
  const name = search.get(FRAME_PARAM);
  const address = isFramedLink(name) ? framedAddress(params?.publicInfo.links, name) : null;
  if (!isFramedLink(name) || !address) return null;
  const title = t(FRAMED_LINK_TITLES[name]);
  return (
    <Modal title={title} onClose={close} size="lg">
      <iframe
        src={address}
        title={title}
        referrerPolicy="strict-origin-when-cross-origin"
        className="block h-[70dvh] w-full border-0"
      />
      <p className="border-t border-line px-5 py-3 text-sm">
        <a
          href={address}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-medium text-ink underline"
        >
          {t("frame.openInNewTab")}
        </a>
      </p>
    </Modal>
  );
}
