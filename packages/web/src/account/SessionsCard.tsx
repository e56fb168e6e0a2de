import DevicesIcon from '@mui/icons-material/DevicesOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRef } from 'react';
import { CardFrame } from '../components/CardFrame';
import { fetchSessions, revokeSession, sessionsQueryKey } from './account-api';
import { SignOutOthers } from './SignOutOthers';
import { showToast } from '../components/toast-store';
import { languageTag, localeOf } from '../i18n/i18n';

type SessionRecord = NonNullable<Awaited<ReturnType<typeof fetchSessions>>['sessions']>[number];

/** The device's name, and where it signed in when a trusted proxy said so (REGION_HEADER). */
function SessionDevice({ device, region }: { device: string; region: string }) {
  return (
    <>
      {device}
      {region && (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          data-testid="session-region"
        >
          {' · '}
          {region}
        </Typography>
      )}
    </>
  );
}

/**
 * "This device" for this one, then the address, when it signed in and when it was last active:
 * two sessions of the same browser on one network differ only in their times.
 */
function SessionActivity({
  record,
  format,
}: {
  record: SessionRecord;
  format: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation();
  return (
    <>
      {record.isThis && (
        <Chip
          component="span"
          size="small"
          color="success"
          label={t('account.sessions.thisDevice')}
          sx={{ mr: 1, my: 0.25 }}
        />
      )}
      {[
        record.ip,
        record.createdAt > 0 &&
          t('account.sessions.signedIn', { time: format.format(record.createdAt) }),
        t('account.sessions.lastActive', { time: format.format(record.lastActiveTime) }),
      ]
        .filter(Boolean)
        .join(' — ')}
    </>
  );
}

/** One signed-in device; any but this one can be signed out. */
function SessionRow({
  record,
  format,
  isRevoking,
  onRevoke,
}: {
  record: SessionRecord;
  format: Intl.DateTimeFormat;
  isRevoking: boolean;
  onRevoke: (id: string) => void;
}) {
  const { t } = useTranslation();
  const device = record.device || t('account.sessions.unknownDevice');
  return (
    <ListItem disableGutters divider sx={{ gap: 1.5, alignItems: 'center' }}>
      <ListItemIcon sx={{ minWidth: 0 }}>
        <DevicesIcon />
      </ListItemIcon>
      <ListItemText
        sx={{ minWidth: 0, flex: 1 }}
        primary={<SessionDevice device={device} region={record.region} />}
        secondary={<SessionActivity record={record} format={format} />}
      />
      {!record.isThis && (
        <Button
          color="error"
          size="small"
          aria-label={t('account.sessions.revokeLabel', { device })}
          disabled={isRevoking}
          onClick={() => onRevoke(record.id)}
          sx={{ flexShrink: 0 }}
        >
          {t('account.sessions.revoke')}
        </Button>
      )}
    </ListItem>
  );
}

/**
 * Signed-in devices (GetSessionRecords), asked anew each time the card is shown (a device that
 * just signed in is what a person comes here to see), with a way to sign any other one out
 * (RevokeSession) or all of them at once.
 */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useRef<HTMLUListElement>(null);
  const sessions = useQuery({
    queryKey: sessionsQueryKey,
    queryFn: fetchSessions,
    refetchOnMount: 'always',
  });
  const revoke = useMutation({
    mutationFn: revokeSession,
    onSuccess: async () => {
      showToast({ key: 'account.sessions.revoked', severity: 'success' });
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
  const format = new Intl.DateTimeFormat(languageTag(localeOf(i18n.language)), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const records = [...(sessions.data?.sessions ?? [])].sort(
    (a, b) => Number(b.isThis) - Number(a.isThis) || b.lastActiveTime - a.lastActiveTime,
  );
  const otherIds = records.filter((record) => !record.isThis).map((record) => record.id);

  return (
    <CardFrame title={t('account.sessions.title')} text={t('account.sessions.text')} textGap={1}>
      {sessions.isPending && <Skeleton variant="rounded" height={72} sx={{ mt: 2 }} />}
      <List disablePadding ref={list} tabIndex={-1} aria-label={t('account.sessions.title')}>
        {records.map((record) => (
          <SessionRow
            key={record.id}
            record={record}
            format={format}
            isRevoking={revoke.isPending}
            onRevoke={(id) => revoke.mutate(id)}
          />
        ))}
      </List>
      <SignOutOthers ids={otherIds} onDone={() => list.current?.focus()} />
    </CardFrame>
  );
}
