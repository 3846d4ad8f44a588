import type { AdminPartner, PartnerPush } from "@storefront/domain/contract";
import { useEffect, useRef } from "react";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { PushAnswer, PushField } from "../lib/push-answer.ts";
import { FIELD_CLASS, Notice } from "./form-parts.tsx";
import { PartnerBackForm } from "./partner-back-form.tsx";
import {
  describedBy,
  PartnerSettingForm,
  PartnerSettingRow,
  RefusalBeside,
  useToldRefusal,
} from "./partner-setting.tsx";

const PROBLEMS: Record<PushField, MessageKey> = { serviceAccount: "admin.push.error.serviceAccount" };

/** The way its pushes leave, in the operator's words. */
function senderOf(push: PartnerPush): MessageKey {
  if (push.account === "own") return "admin.push.own";
  if (push.sender === "fcm") return "admin.push.deploymentFcm";
  if (push.sender === "relay") return "admin.push.relay";
  if (push.sender === "outbox") return "admin.push.outbox";
  return "admin.push.none";
}

/**
 * A partner's native pushes on the operator's page: the Firebase project they are sent from, its
 * customers' devices by their app's project (reached or not), the form giving it its own service
 * account, and the way back to the deployment's. `answer` is the last answer of these forms,
 * whichever partner it was for.
 */
export function PartnerPushRow({
  partner,
  push,
  answer,
}: {
  partner: AdminPartner;
  push: PartnerPush | undefined;
  answer: PushAnswer | null;
}) {
  const t = useT();
  const mine = answer?.code === partner.code ? answer : null;
  if (!push) return null;
  return (
    <PartnerSettingRow label={t("admin.push.of", { name: partner.name })} title={t("admin.push.title")}>
      <p>{t(senderOf(push), { projectId: push.projectId ?? "", clientEmail: push.clientEmail ?? "" })}</p>
      {push.devices.length > 0 ? (
        <ul className="grid gap-0.5 text-ink-soft">
          {push.devices.map((group) => (
            <li key={group.projectId ?? ""}>
              {t(
                group.projectId === null
                  ? group.reached
                    ? "admin.push.devicesUnnamedReached"
                    : "admin.push.devicesUnnamedUnreached"
                  : group.reached
                    ? "admin.push.devicesReached"
                    : "admin.push.devicesUnreached",
                { count: group.devices, projectId: group.projectId ?? "" },
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-soft">{t("admin.push.noDevices")}</p>
      )}
      {mine?.done === "push" ? (
        <Notice tone="good">
          {t(mine.account === "own" ? "admin.push.saved" : "admin.push.removed", { name: mine.name })}
        </Notice>
      ) : null}
      <OwnPushForm partner={partner} answer={mine} />
      {push.account === "own" ? (
        <PartnerBackForm
          partner={partner}
          intent="deployment-push"
          question={t("admin.push.useDeploymentQuestion", { name: partner.name })}
          label={t("admin.push.useDeployment")}
        />
      ) : null}
    </PartnerSettingRow>
  );
}

/**
 * The partner's service account key, pasted whole; the form empties once it is saved, as the key is
 * never shown again.
 */
function OwnPushForm({ partner, answer }: { partner: AdminPartner; answer: PushAnswer | null }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.done === "push") form.current?.reset();
  }, [answer]);
  const refusal = useToldRefusal(answer?.done === "push-refused" ? answer : null, PROBLEMS);
  const id = `${partner.code}-serviceAccount`;
  return (
    <PartnerSettingForm
      partner={partner}
      intent="own-push"
      summary={t("admin.push.setOwn")}
      save={t("admin.push.save")}
      refusal={refusal}
      formRef={form}
    >
      <div className="grid gap-1 sm:col-span-2">
        <label htmlFor={id} className="text-sm">
          {t("admin.push.serviceAccount")}
        </label>
        <textarea
          id={id}
          name="serviceAccount"
          required
          rows={5}
          dir="ltr"
          spellCheck={false}
          autoComplete="off"
          placeholder='{"type": "service_account", "project_id": …}'
          aria-invalid={refusal?.field === "serviceAccount" || undefined}
          aria-describedby={describedBy(id, "serviceAccount", refusal)}
          className={`${FIELD_CLASS} font-mono text-xs`}
        />
        <p id={`${id}-hint`} className="text-ink-soft text-xs">
          {t("admin.push.serviceAccountHint")}
        </p>
        <RefusalBeside id={id} field="serviceAccount" refusal={refusal} />
      </div>
    </PartnerSettingForm>
  );
}
