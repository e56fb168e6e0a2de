import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

// Spec 4 (connectivity): each network failure raises the counter, any answer from the server
// resets it; while it is above zero the disconnected notice shows.
const failureStore = createStore<{ failures: number }>(() => ({ failures: 0 }));

export const recordNetworkFailure = (): void =>
  failureStore.setState((state) => ({ failures: state.failures + 1 }));
export const recordServerReached = (): void => {
  if (failureStore.getState().failures !== 0) failureStore.setState({ failures: 0 });
};
export const getFailureCount = (): number => failureStore.getState().failures;

export function subscribeToFailures(listener: () => void): () => void {
  return failureStore.subscribe(() => listener());
}

export function useFailureCount(): number {
  return useStore(failureStore, (state) => state.failures);
}
