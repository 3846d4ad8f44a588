import { data } from "react-router";

/** A path under a language that no screen has: the staff layout's boundary says so, in that language. */
export function clientLoader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
