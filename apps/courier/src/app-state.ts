import type { CourierAccount } from "@storefront/domain/contract";

/** The screens of a signed-in courier: the app has no addresses, only these states. */
export type Screen =
  | { name: "jobs" }
  | { name: "handover"; orderId: number }
  | { name: "report" }
  | { name: "menu" };

export type AppState =
  | { phase: "starting" }
  | { phase: "signed-out" }
  | { phase: "signed-in"; courier: CourierAccount; screen: Screen };

export type AppEvent =
  | { type: "signed-in"; courier: CourierAccount }
  | { type: "signed-out" }
  /** The API's courier after a change (on shift, off). */
  | { type: "courier"; courier: CourierAccount }
  | { type: "open"; screen: Screen }
  /** The way back: every screen leads back to the jobs. */
  | { type: "back" };

const JOBS: Screen = { name: "jobs" };

/** The app's next state: a small state machine in place of a router. */
export function nextState(state: AppState, event: AppEvent): AppState {
  switch (event.type) {
    case "signed-in":
      return { phase: "signed-in", courier: event.courier, screen: JOBS };
    case "signed-out":
      return { phase: "signed-out" };
    case "courier":
      return state.phase === "signed-in" ? { ...state, courier: event.courier } : state;
    case "open":
      return state.phase === "signed-in" ? { ...state, screen: event.screen } : state;
    case "back":
      return state.phase === "signed-in" ? { ...state, screen: JOBS } : state;
  }
}
