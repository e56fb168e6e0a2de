import { MutationObserver, useIsMutating } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';

// Spec 2: requests block double actions. Every agenda action is a mutation of the app's query
// client under the key ['agendaAction', name]: one whose request is running cannot fire again,
// whether it is pressed twice, pressed on another screen part, or sent by a shortcut.
const keyOf = (name: string) => ['agendaAction', name] as const;

export function isBusy(name: string): boolean {
  return queryClient.isMutating({ mutationKey: keyOf(name), exact: true }) > 0;
}

/** Runs `work` as a mutation unless one of the same name is running; undefined when skipped. */
export async function runExclusive<T>(
  name: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (isBusy(name)) return undefined;
  const mutation = new MutationObserver<T, unknown, void>(queryClient, {
    mutationKey: keyOf(name),
    mutationFn: work,
    // The protocol client retries and counts failures itself (spec 4: connectivity).
    networkMode: 'always',
    // The callers show errors their way (dialogs for limits): no second toast.
    meta: { handlesErrors: true },
  });
  return mutation.mutate();
}

export function useBusy(name: string): boolean {
  return useIsMutating({ mutationKey: keyOf(name), exact: true }, queryClient) > 0;
}
