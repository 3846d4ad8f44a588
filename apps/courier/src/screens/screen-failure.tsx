import { Component, type ReactNode } from "react";
import { useWords } from "../lib/i18n.ts";
import { forgetKeptJobs } from "../lib/kept.ts";
import { BigButton, Notice } from "./parts.tsx";

/**
 * Around the app's screens: should one not be drawn (an answer this app's build cannot read, as
 * after the server was updated under an app left open since the shift began), the courier reads
 * that something went wrong and opens the app again with one button, instead of a blank page in the
 * middle of a shift. The jobs kept on the phone for opening offline are read again from the server
 * (the answer that could not be drawn is among them); what waits to be sent stays queued
 * (offline-queue.ts) and goes after.
 * React catches a drawing's failure only in a class's `getDerivedStateFromError`.
 */
export class ScreenFailure extends Component<{ appName: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <Failed appName={this.props.appName} /> : this.props.children;
  }
}

/** In the column of the other screens, under the app's name as the sign-in has it. */
function Failed({ appName }: { appName: string }) {
  const { t } = useWords();
  return (
    <main className="mx-auto flex max-w-lg flex-col gap-5 p-5">
      <p className="text-xl font-bold text-ink-soft">{appName}</p>
      <Notice tone="bad">{t("error.generic")}</Notice>
      <BigButton
        onClick={() => {
          forgetKeptJobs();
          window.location.reload();
        }}
      >
        {t("app.reopen")}
      </BigButton>
    </main>
  );
}
