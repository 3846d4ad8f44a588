import type { PartnerPush } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { knownPartner } from "../partners/known-partner.ts";
import {
  FcmKeyRefusedError,
  type FcmServiceAccount,
  GOOGLE_TOKEN_URI,
  parseServiceAccount,
} from "./fcm-sender.ts";
import {
  countLiveDevicesByProject,
  deletePartnerPushAccount,
  findPartnerPushAccount,
  savePartnerPushAccount,
} from "./partner-push-accounts-repository.ts";
import type { PushSenders } from "./push-senders.ts";
import { idleSessionCutoff } from "./sessions.ts";

/** Which account sends the partner's pushes, and which of its customers' devices it reaches. */
export async function describePartnerPush(
  db: Database,
  pushes: PushSenders,
  input: { code: string; now: Date },
): Promise<PartnerPush> {
  const partner = await knownPartner(db, input.code);
  const account = await findPartnerPushAccount(db, partner.id);
  const deploymentProject = pushes.deploymentProjectId;
  const sending = [account?.projectId, deploymentProject].filter((id): id is string => !!id);
  const devices = await countLiveDevicesByProject(db, {
    partnerId: partner.id,
    now: input.now,
    idleSince: idleSessionCutoff(input.now),
  });
  // Without an FCM account of the deployment's, its relay (or the demo's outbox) takes every device
  // the partner's own account does not.
  const otherwiseReaches = deploymentProject === null && pushes.deploymentWay !== "none";
  return {
    code: partner.code,
    account: account ? "own" : "deployment",
    sender: account ? "fcm" : pushes.deploymentWay,
    projectId: account?.projectId ?? deploymentProject,
    clientEmail: account?.clientEmail ?? null,
    devices: devices.map((group) => ({
      ...group,
      reached: group.projectId === null || sending.includes(group.projectId) || otherwiseReaches,
    })),
  };
}

/** A 400 naming the key, as the operator's form shows it beside the field. */
function refusedKey(message: string): AppError {
  return new AppError(400, "ValidationException", `serviceAccount: ${message}`, {
    details: [{ field: "serviceAccount", message }],
  });
}

/**
 * Gives a partner its own Firebase service account (its brand's app is its own Firebase project):
 * the key sealed at rest (PAYMENT_KEYS_SECRET; without it a 409 NO_KEYS_SECRET) and used from the
 * next push on, for the devices whose app registered with its project. The key is checked with
 * Google first: one it refuses is a 400. Its `token_uri` must be Google's, or on FCM_API_URL's own
 * origin (a stand-in's): the API calls no other address an operator's paste names.
 */
export async function setPartnerPushAccount(
  db: Database,
  pushes: PushSenders,
  input: { code: string; serviceAccount: string; now: Date },
): Promise<PartnerPush> {
  const partner = await knownPartner(db, input.code);
  const vault = pushes.vault;
  if (!vault)
    throw new AppError(409, "PushAccountException", "Set PAYMENT_KEYS_SECRET to keep partners' own keys", {
      errorCode: "NO_KEYS_SECRET",
    });
  let account: FcmServiceAccount;
  try {
    account = parseServiceAccount(input.serviceAccount);
  } catch (error) {
    throw refusedKey((error as Error).message);
  }
  if (!tokenUriAllowed(account.token_uri, pushes.fcmApiUrl))
    throw refusedKey(`the key's token_uri must be ${GOOGLE_TOKEN_URI}`);
  try {
    await pushes.senderFor({ account }).signIn();
  } catch (error) {
    if (error instanceof FcmKeyRefusedError) throw refusedKey("Google refused the key: make a new one");
    if (error instanceof Error && !(error instanceof AppError))
      throw refusedKey(`the key's private_key cannot sign (${error.message})`);
    // Google could not be reached: a 503, the operator tries again.
    throw error;
  }
  await savePartnerPushAccount(db, {
    partnerId: partner.id,
    serviceAccountSealed: vault.seal(JSON.stringify(account)),
    projectId: account.project_id,
    clientEmail: account.client_email,
    updatedAt: input.now,
  });
  pushes.forget(partner.id);
  return describePartnerPush(db, pushes, input);
}

/** The partner's pushes go through the deployment's account (or way) again. */
export async function removePartnerPushAccount(
  db: Database,
  pushes: PushSenders,
  input: { code: string; now: Date },
): Promise<PartnerPush> {
  const partner = await knownPartner(db, input.code);
  await deletePartnerPushAccount(db, partner.id);
  pushes.forget(partner.id);
  return describePartnerPush(db, pushes, input);
}

function tokenUriAllowed(tokenUri: string, fcmApiUrl: string): boolean {
  if (tokenUri === GOOGLE_TOKEN_URI) return true;
  try {
    return new URL(tokenUri).origin === new URL(fcmApiUrl).origin;
  } catch {
    return false;
  }
}
