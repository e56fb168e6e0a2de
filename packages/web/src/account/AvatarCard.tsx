import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile';
import { CardFrame } from '../components/CardFrame';
import { UserAvatar } from '../shell/UserAvatar';
import { AVATAR_TYPES } from './avatar-upload';
import { AVATAR_NAMESPACE, useAvatarUpload } from './use-avatar-upload';

type AvatarUpload = ReturnType<typeof useAvatarUpload>;

/**
 * The profile picture (spec: avatar upload): choose a PNG, JPEG or WebP, see it at once, and
 * it goes up through CreateFile and the upload form; the profile (and with it the drawer's
 * header) shows it once UpdateUser has set it.
 */
export function AvatarCard() {
  const { t } = useTranslation(AVATAR_NAMESPACE);
  const user = useProfile().data?.user;
  const avatar = useAvatarUpload();
  if (!user) return <Skeleton variant="rounded" height={160} />;

  return (
    <CardFrame title={t('title')} titleId="avatar-card-title" text={t('text')} textGap={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
        <Box data-testid="avatar-card-picture" sx={{ opacity: avatar.isUploading ? 0.7 : 1 }}>
          <UserAvatar
            name={user.name}
            email={user.email}
            avatarUrl={avatar.preview ?? user.avatar}
            size={88}
          />
        </Box>
        <AvatarButtons avatar={avatar} hasAvatar={Boolean(user.avatar)} />
      </Box>
      {avatar.isUploading && <UploadProgress />}
      {avatar.problem && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          onClose={avatar.clearProblem}
          closeText={t('common.close', { ns: 'translation' })}
        >
          {avatar.problem}
        </Alert>
      )}
    </CardFrame>
  );
}

/** Choose (or change) a picture through the hidden file input, and remove the one there is. */
function AvatarButtons({ avatar, hasAvatar }: { avatar: AvatarUpload; hasAvatar: boolean }) {
  const { t } = useTranslation(AVATAR_NAMESPACE);
  const input = useRef<HTMLInputElement>(null);
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (file) avatar.choose(file);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flex: '1 1 150px' }}>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        hidden
        onChange={onChoose}
        data-testid="avatar-file-input"
      />
      <Button
        variant="contained"
        startIcon={<PhotoCameraIcon />}
        disabled={avatar.isBusy}
        onClick={() => input.current?.click()}
      >
        {hasAvatar ? t('change') : t('choose')}
      </Button>
      {hasAvatar && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          disabled={avatar.isBusy}
          onClick={avatar.remove}
        >
          {t('remove')}
        </Button>
      )}
    </Box>
  );
}

function UploadProgress() {
  const { t } = useTranslation(AVATAR_NAMESPACE);
  return (
    <Box role="status" sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
        {t('account.messages.uploadingAvatar')}
      </Typography>
      <LinearProgress aria-hidden />
    </Box>
  );
}
