import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { renameAccount } from './account-api';
import { profileQueryKey, useProfile } from '../api/profile';
import { showToast } from '../components/toast-store';
import { languageTag, localeOf } from '../i18n/i18n';
import { UserAvatar } from '../shell/UserAvatar';

type ProfileUser = NonNullable<NonNullable<ReturnType<typeof useProfile>['data']>['user']>;

/** The avatar, the name and address, the plan, and since when the account exists. */
function ProfileSummary({ user }: { user: ProfileUser }) {
  const { t, i18n } = useTranslation();
  const since = new Intl.DateTimeFormat(languageTag(localeOf(i18n.language)), {
    year: 'numeric',
    month: 'long',
  }).format(user.createdAt);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
      <UserAvatar name={user.name} email={user.email} avatarUrl={user.avatar} size={64} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="h6" noWrap>
          {user.name || t('nav.noName')}
        </Typography>
        <Typography color="text.secondary" noWrap data-testid="account-page-email">
          {user.email}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={t(`account.plan.${user.premiumLevel}`)}
          />
          <Typography variant="caption" color="text.secondary">
            {t('account.memberSince', { date: since })}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

/** The longest name the server keeps (it cuts a longer one: accounts-service.ts, rename). */
const NAME_MAX_CHARS = 100;
/** The counter shows from this many characters on. */
const NAME_COUNTER_FROM = NAME_MAX_CHARS - 20;

/** Near the limit, how many characters of how many; past it, that the name is too long. */
function NameHelper({ length, isTooLong }: { length: number; isTooLong: boolean }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
      <span>{isTooLong ? t('account.nameTooLong', { max: NAME_MAX_CHARS }) : ''}</span>
      <span data-testid="account-name-count">{`${length}/${NAME_MAX_CHARS}`}</span>
    </Box>
  );
}

/**
 * The name box and its save, on only once the name typed differs from the saved one. A name past
 * the server's limit is refused here, before sending, rather than cut: the box keeps all of it.
 */
function RenameForm({ savedName }: { savedName: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const name = draft ?? savedName;
  const length = name.trim().length;
  const isTooLong = length > NAME_MAX_CHARS;
  const save = useMutation({
    mutationFn: renameAccount,
    onSuccess: async () => {
      setDraft(null);
      showToast({ key: 'account.nameSaved', severity: 'success' });
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isTooLong) {
      document.getElementById('account-name')?.focus();
      return;
    }
    save.mutate(name.trim());
  };
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <TextField
        id="account-name"
        label={t('account.name')}
        placeholder={t('account.namePlaceholder')}
        autoComplete="name"
        value={name}
        onChange={(event) => setDraft(event.target.value)}
        error={isTooLong}
        helperText={
          length >= NAME_COUNTER_FROM ? (
            <NameHelper length={length} isTooLong={isTooLong} />
          ) : undefined
        }
      />
      <Button
        type="submit"
        variant="contained"
        disabled={draft === null || draft.trim() === savedName || save.isPending}
        sx={{ minHeight: 56, flexShrink: 0 }}
      >
        {t('common.save')}
      </Button>
    </Box>
  );
}

/** Who is signed in, with the name they can change (UpdateUser). */
export function ProfileCard() {
  const user = useProfile().data?.user;
  if (!user) {
    return <Skeleton variant="rounded" height={220} />;
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: '16px' }}>
      <ProfileSummary user={user} />
      <RenameForm savedName={user.name} />
    </Paper>
  );
}
