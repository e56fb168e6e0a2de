import type {
  CallOptions as ServerCallOptions,
  InputInit as ServerInput,
} from '@planner/protocol/client';
import type { Output, Plain, UserOptions } from '@planner/protocol';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { refreshTimelineState } from '../api/timeline-state';
import { reloadTimeline } from '../agenda/data/timeline-queries';
import { call } from '../api/client';
import { useFlushWhenHidden } from '../app-status/pending-work';
import { profileQueryKey, useProfile } from '../api/profile';

export type Options = Plain<UserOptions>;
export type OptionName = keyof Options;
type Profile = Output<'GetUserProfile'>;

/** The options format version the server expects (accounts spec, section 7). */
const OPTIONS_VERSION = 3;
/** UpdateUserOptions is sent once the changes have settled for this long (spec 7). */
export const SAVE_DEBOUNCE_MS = 300;
/** Options whose change re-plans the timeline on the server. */
const PLANNING_OPTIONS: readonly OptionName[] = [
  'timezone',
  'autoIdleEnabled',
  'autoIdleStart',
  'autoIdleEnd',
  'dailyTaskCap',
  'taskBuffer',
  'minBlock',
  'maxBlock',
];

function optionsIn(profile: Profile | undefined): Options | undefined {
  return profile?.options ?? profile?.user?.options;
}

/** The profile with new options, in both places the answer of GetUserProfile carries them. */
function writeOptions(client: QueryClient, options: Options): void {
  client.setQueryData<Profile>(profileQueryKey, (profile) =>
    profile
      ? { ...profile, options, user: profile.user ? { ...profile.user, options } : profile.user }
      : profile,
  );
}

/**
 * The person's options and a way to change them. A change shows at once (the profile query is
 * updated in place) and reaches the server in one UpdateUserOptions naming the changed fields,
 * 300 ms after the last change; leaving the screen or hiding the app sends what is pending
 * straight away. The server's answer then replaces the cached options; a failure refetches the
 * profile.
 */
export function useOptionsEditor() {
  const client = useQueryClient();
  const options = optionsIn(useProfile().data);
  const pending = useRef(new Set<OptionName>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const save = useMutation({
    mutationFn: (fields: OptionName[]) => {
      const current = optionsIn(client.getQueryData<Profile>(profileQueryKey));
      return call('UpdateUserOptions', {
        fields,
        options: { ...current, version: OPTIONS_VERSION },
      });
    },
    onSuccess: async (answer, fields) => {
      // A newer change is on its way: its own answer will bring the options.
      if (answer.options && pending.current.size === 0) writeOptions(client, answer.options);
      if (fields.some((field) => PLANNING_OPTIONS.includes(field))) {
        await Promise.all([reloadTimeline(client), refreshTimelineState(client)]);
      }
    },
    onError: () => client.invalidateQueries({ queryKey: profileQueryKey }),
  });
  const { mutate } = save;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (pending.current.size === 0) return;
    const fields = [...pending.current];
    pending.current.clear();
    mutate(fields);
  }, [mutate]);

  const change = useCallback(
    (patch: Partial<Options>) => {
      const current = optionsIn(client.getQueryData<Profile>(profileQueryKey));
      if (!current) return;
      writeOptions(client, { ...current, ...patch });
      for (const name of Object.keys(patch) as OptionName[]) pending.current.add(name);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DEBOUNCE_MS);
    },
    [client, flush],
  );

  useEffect(() => flush, [flush]);
  // A hidden tab may be closed before the timer fires: what is pending goes out at once.
  useFlushWhenHidden(flush);

  return { options, change, isSaving: save.isPending };
}

export const queryTerritories = (
  ...args: [input?: ServerInput<'QueryTerritories'>, options?: ServerCallOptions]
) => call('QueryTerritories', ...args);

export const queryTimeZones = (
  ...args: [input?: ServerInput<'QueryTimeZones'>, options?: ServerCallOptions]
) => call('QueryTimeZones', ...args);
