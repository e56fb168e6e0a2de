import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { reportError } from '../api/query-client';
import { showToast } from '../components/toast-store';
import {
  isNameNotSet,
  saveSharerName,
  SHARE_NS,
  shareQueryKey,
  useHasNoName,
  useRevokeShare,
  useShareLink,
  type SharePeriod,
} from './share-api';

/** Copies the link, with a toast saying it did (or showing the link when it could not). */
function copyLink(link: string): void {
  navigator.clipboard.writeText(link).then(
    () => showToast({ key: `${SHARE_NS}:messages.copiedToClipboard`, severity: 'success' }),
    () => showToast({ key: `${SHARE_NS}:menu.copyFailed`, values: { url: link } }),
  );
}

/** The name question: its text, and saving it (then the share is made afresh and the menu opens). */
function useSharerName(points: readonly SharePeriod[], openMenu: () => void) {
  const queryClient = useQueryClient();
  const [isAskingName, setAskingName] = useState(false);
  const [name, setName] = useState('');
  const saveName = async () => {
    try {
      await saveSharerName(queryClient, name);
    } catch (failure) {
      reportError(failure);
      return false;
    }
    queryClient.removeQueries({ queryKey: shareQueryKey(points), exact: true });
    openMenu();
    return true;
  };
  return { isAskingName, setAskingName, name, setName, saveName };
}

/**
 * The share menu's state: open or not, the share made while it is open, the name question
 * (asked first when the account has no name, or when the server answers invalid.nameNotSet),
 * and the entries' actions.
 */
export function useShareMenu(points: readonly SharePeriod[]) {
  const [isOpen, setOpen] = useState(false);
  const sharer = useSharerName(points, () => setOpen(true));
  const hasNoName = useHasNoName();
  const share = useShareLink(points, isOpen);
  const revoke = useRevokeShare();
  const { error, errorUpdatedAt } = share;

  useEffect(() => {
    if (!error || !isOpen) return;
    setOpen(false);
    if (isNameNotSet(error)) sharer.setAskingName(true);
    else reportError(error);
    // Once per failed attempt (errorUpdatedAt), whatever else re-renders.
  }, [errorUpdatedAt]);

  const close = () => setOpen(false);
  return {
    ...sharer,
    isOpen,
    error,
    url: share.data?.url,
    shareId: share.data?.id,
    open: () => (hasNoName ? sharer.setAskingName(true) : setOpen(true)),
    close,
    copy: (link: string) => {
      close();
      copyLink(link);
    },
    stopSharing: (id: string) => {
      close();
      revoke.mutate(id, {
        onSuccess: () => showToast({ key: `${SHARE_NS}:links.revoked`, severity: 'success' }),
      });
    },
  };
}
