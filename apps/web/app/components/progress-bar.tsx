import { useNavigation } from "react-router";

/** A thin bar at the top while a navigation loads. */
export function ProgressBar() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-busy="true"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-soft"
    >
      <div className="h-full w-1/2 animate-[progress_1s_ease-in-out_infinite] bg-brand" />
    </div>
  );
}
