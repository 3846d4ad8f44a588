// React 19's own useSyncExternalStore, for the libraries that still import the shim written for React
// 16 and 17 (Lingui's provider): the shim only hands React's hook back, after shipping its fallback.
export { useSyncExternalStore } from "react";
