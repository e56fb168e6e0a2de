import LinkIcon from '@mui/icons-material/Link';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../components/ActionDialog';
import { showToast } from '../components/toast-store';
import { languageTag, localeOf } from '../i18n/i18n';
import { SHARE_NS, useRevokeShare, useSharesList } from './share-api';
import { sharedPeriodText } from './shared-view';
import { CardFrame } from '../components/CardFrame';

type SharedLink = NonNullable<ReturnType<typeof useSharesList>['data']>[number];
type Asking = { id: string; period: string } | null;

/** One shared link: its period, the day it was shared, and revoke (asked first). */
function SharedLinkRow({
  share,
  tag,
  day,
  onAsk,
}: {
  share: SharedLink;
  tag: string;
  day: Intl.DateTimeFormat;
  onAsk: (asking: Asking) => void;
}) {
  const { t } = useTranslation(SHARE_NS);
  const period = sharedPeriodText([share], tag);
  return (
    <ListItem disableGutters divider sx={{ gap: 1.5 }}>
      <ListItemIcon sx={{ minWidth: 0 }}>
        <LinkIcon />
      </ListItemIcon>
      <ListItemText
        sx={{ minWidth: 0, flex: 1 }}
        primary={period}
        secondary={t('page.sharedOn', { date: day.format(share.createdAt) })}
        slotProps={{ secondary: { noWrap: true } }}
      />
      <Button
        color="error"
        size="small"
        aria-label={t('links.revokeLabel', { period })}
        onClick={() => onAsk({ id: share.id, period })}
        sx={{ flexShrink: 0 }}
      >
        {t('links.revoke')}
      </Button>
    </ListItem>
  );
}

/** Asks before a link stops working; a failed revoke keeps the question open. */
function RevokeShareDialog({ asking, onClose }: { asking: Asking; onClose: () => void }) {
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

/**
 * The account's shared analysis links (ListTimeStatisticsShares), each with Stop sharing
 * (RevokeTimeStatisticsShare, after a confirmation): a stopped link answers "does not exist".
 */
export function SharedLinksCard() {
  const { t, i18n } = useTranslation(SHARE_NS);
  const tag = languageTag(localeOf(i18n.language));
  const shares = useSharesList();
  const [asking, setAsking] = useState<Asking>(null);
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
  const list = shares.data ?? [];
  return (
    <CardFrame title={t('links.title')} text={t('links.text')} textGap={1} testId="shared-links">
      {shares.isPending && <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />}
      {shares.isSuccess && list.length === 0 && (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          {t('links.none')}
        </Typography>
      )}
      <List disablePadding>
        {list.map((share) => (
          <SharedLinkRow key={share.id} share={share} tag={tag} day={day} onAsk={setAsking} />
        ))}
      </List>
      <RevokeShareDialog asking={asking} onClose={() => setAsking(null)} />
    </CardFrame>
  );
}
