import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { removeAvatar } from './account-api';
import { describeError } from '../api/error-message';
import { profileQueryKey, useProfile } from '../api/profile';
import { showToast } from '../components/toast-store';
import { UserAvatar } from '../shell/UserAvatar';
import { AVATAR_TYPES, checkAvatarFile, uploadAvatar } from './avatar-upload';
import { CardFrame } from '../components/CardFrame';

const NAMESPACE = 'avatar';

/** A local address for the chosen file while it uploads, released when no longer shown. */
function usePreview(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * The profile picture (spec: avatar upload): choose a PNG, JPEG or WebP, see it at once, and
 * it goes up through CreateFile and the upload form; the profile (and with it the drawer's
 * header) shows it once UpdateUser has set it.
 */
export function AvatarCard() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const queryClient = useQueryClient();
  const user = useProfile().data?.user;
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreview(chosen);

  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: profileQueryKey });
  // The server's refusals of a picture have texts here; anything else reads as elsewhere.
  const explain = (error: unknown) => {
    if (error instanceof Error && i18n.exists(error.message, { ns: NAMESPACE })) {
      setProblem(t(error.message));
      return;
    }
    const text = describeError(error, (key) => i18n.exists(key, { ns: 'translation' }));
    setProblem(text ? t(text.key, { ...text.values, ns: 'translation' }) : null);
  };

  const upload = useMutation({
    mutationFn: (file: File) => uploadAvatar(file),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await refreshProfile();
      showToast({ key: `${NAMESPACE}:saved`, severity: 'success' });
    },
    onError: explain,
    onSettled: () => setChosen(null),
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await refreshProfile();
      showToast({ key: `${NAMESPACE}:removed`, severity: 'success' });
    },
    onError: explain,
  });

  if (!user) return <Skeleton variant="rounded" height={160} />;

  const busy = upload.isPending || remove.isPending;
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const refusal = checkAvatarFile(file);
    setProblem(refusal ? t(refusal) : null);
    if (refusal) return;
    setChosen(file);
    upload.mutate(file);
  };

  return (
    <CardFrame title={t('title')} titleId="avatar-card-title" text={t('text')} textGap={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
        <Box data-testid="avatar-card-picture" sx={{ opacity: upload.isPending ? 0.7 : 1 }}>
          <UserAvatar
            name={user.name}
            email={user.email}
            avatarUrl={preview ?? user.avatar}
            size={88}
          />
        </Box>
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
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {user.avatar ? t('change') : t('choose')}
          </Button>
          {user.avatar && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={busy}
              onClick={() => {
                setProblem(null);
                remove.mutate();
              }}
            >
              {t('remove')}
            </Button>
          )}
        </Box>
      </Box>
      {upload.isPending && (
        <Box role="status" sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
            {t('account.messages.uploadingAvatar')}
          </Typography>
          <LinearProgress aria-hidden />
        </Box>
      )}
      {problem && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          onClose={() => setProblem(null)}
          closeText={t('common.close', { ns: 'translation' })}
        >
          {problem}
        </Alert>
      )}
    </CardFrame>
  );
}
