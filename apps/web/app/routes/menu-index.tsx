import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";

/** Layout breakpoint of section 9: from 768 px the menu sits beside the page. */
const DESKTOP = "(min-width: 768px)";

/**
 * The bare account menu: on a phone it is the list (the side bar shows it); on desktop it opens the
 * personal info beside the list.
 */
export default function MenuIndex() {
  const navigate = useNavigate();
  const { locale } = useParams();
  useEffect(() => {
    if (window.matchMedia(DESKTOP).matches) navigate(`/${locale}/menu/profile`, { replace: true });
  }, [navigate, locale]);
  return null;
}
