import LinkIcon from '@mui/icons-material/Link';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../components/ActionDialog';
import { CardFrame } from '../components/CardFrame';
import { showToast } from '../components/toast-store';
import { usePlannerPrefs } from '../editors/prefs';
import { languageTag, localeOf } from '../i18n/i18n';
import { SHARE_NS, useRevokeShare, useSharesList } from './share-api';
import { sharedPeriodText } from './shared-view';

type SharedLink = NonNullable<ReturnType<typeof useSharesList>['data']>[number];
/** The link asked about, its words, and the row whose button takes the focus once it is gone. */
type Asking = { id: string; period: string; nextId: string | null } | null;
/** The focus after a revoke: a row's button, or the words saying no link is left. */
type FocusAfter = { shareId: string | null } | null;

/**
 * One shared link: its period, when it was shared (to the minute, which tells two links of one
 * period apart), and revoke (asked first).
 */
function SharedLinkRow({
  share,
  tag,
  sharedAt,
  onAsk,
}: {
  share: SharedLink;
  tag: string;
  sharedAt: Intl.DateTimeFormat;
  onAsk: (id: string, period: string) => void;
}) {
  const { t } = useTranslation(SHARE_NS);
  const period = sharedPeriodText([share], tag);
  const date = sharedAt.format(share.createdAt);
  return (
    <ListItem disableGutters divider sx={{ gap: 1.5 }}>
      <ListItemIcon sx={{ minWidth: 0 }}>
        <LinkIcon />
      </ListItemIcon>
      <ListItemText
        sx={{ minWidth: 0, flex: 1 }}
        primary={period}
        // Wraps on a phone rather than cut the date off.
        secondary={t('page.sharedOn', { date })}
      />
      <Button
        color="error"
        size="small"
        aria-label={t('links.revokeLabel', { period, date })}
        onClick={() => onAsk(share.id, period)}
        data-share-id={share.id}
        sx={{ flexShrink: 0 }}
      >
        {t('links.revoke')}
      </Button>
    </ListItem>
  );
}

/** Asks before a link stops working; a failed revoke keeps the question open. */
function RevokeShareDialog({
  asking,
  onRevoked,
  onClose,
}: {
  asking: Asking;
  onRevoked: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(SHARE_NS);
  const revoke = useRevokeShare();
  return (
    <ActionDialog
      open={asking !== null}
      title={t('links.confirmTitle')}
      confirmLabel={t('links.revoke')}
      cancelLabel={t('nameDialog.cancel')}
      isDestructive
      onConfirm={async () => {
        if (!asking) return true;
        try {
          await revoke.mutateAsync(asking.id);
        } catch {
          // Shown by the app's error handling; the dialog stays for another try.
          return false;
        }
        onRevoked();
        showToast({ key: `${SHARE_NS}:links.revoked`, severity: 'success' });
        return true;
      }}
      onClose={onClose}
      testId="revoke-share-dialog"
    >
      <Typography color="text.secondary">
        {t('links.confirmText', { period: asking?.period ?? '' })}
      </Typography>
    </ActionDialog>
  );
}

/** The link after `id` in the list, else the one before it: where the focus goes once it is gone. */
function neighbourOf(list: readonly SharedLink[], id: string): string | null {
  const index = list.findIndex((share) => share.id === id);
  return (list[index + 1] ?? list[index - 1])?.id ?? null;
}

/**
 * Once the dialog has closed after a revoke, the focus goes to the next row's button (the
 * previous row's for the last), or to the words saying no link is left: the revoked row and its
 * button are gone, and the dialog would give the focus back to nothing (the page's start).
 */
function useFocusAfterRevoke(isAsking: boolean) {
  const cardRef = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<FocusAfter>(null);
  useEffect(() => {
    if (isAsking || focusAfter === null) return;
    const card = cardRef.current;
    const target = focusAfter.shareId
      ? card?.querySelector<HTMLElement>(`[data-share-id="${CSS.escape(focusAfter.shareId)}"]`)
      : card?.querySelector<HTMLElement>('[data-shared-links-none]');
    target?.focus();
    setFocusAfter(null);
  }, [isAsking, focusAfter]);
  return { cardRef, setFocusAfter };
}

/**
 * The account's shared analysis links (ListTimeStatisticsShares), each with Stop sharing
 * (RevokeTimeStatisticsShare, after a confirmation): a stopped link answers "does not exist".
 * Times are the account's (its zone and clock).
 */
export function SharedLinksCard() {
  const { t, i18n } = useTranslation(SHARE_NS);
  const tag = languageTag(localeOf(i18n.language));
  const prefs = usePlannerPrefs();
  const shares = useSharesList();
  const [asking, setAsking] = useState<Asking>(null);
  const focus = useFocusAfterRevoke(asking !== null);
  const sharedAt = new Intl.DateTimeFormat(tag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: prefs.timeZone,
    hour12: prefs.hour12,
  });
  const list = shares.data ?? [];
  return (
    <Box ref={focus.cardRef}>
      <CardFrame title={t('links.title')} text={t('links.text')} textGap={1} testId="shared-links">
        {shares.isPending && <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />}
        {shares.isSuccess && list.length === 0 && (
          <Typography variant="body2" sx={{ mt: 1.5 }} tabIndex={-1} data-shared-links-none>
            {t('links.none')}
          </Typography>
        )}
        <List disablePadding>
          {list.map((share) => (
            <SharedLinkRow
              key={share.id}
              share={share}
              tag={tag}
              sharedAt={sharedAt}
              onAsk={(id, period) => setAsking({ id, period, nextId: neighbourOf(list, id) })}
            />
          ))}
        </List>
        <RevokeShareDialog
          asking={asking}
          onRevoked={() => focus.setFocusAfter({ shareId: asking?.nextId ?? null })}
          onClose={() => setAsking(null)}
        />
      </CardFrame>
    </Box>
  );
}
