import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/error-message';
import { profileQueryKey } from '../api/profile';
import { showToast } from '../components/toast-store';
import { removeAvatar } from './account-api';
import { checkAvatarFile, uploadAvatar } from './avatar-upload';

export const AVATAR_NAMESPACE = 'avatar';

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

/** The problem shown under the picture, and how a failure reads there. */
function useAvatarProblem() {
  const { t, i18n } = useTranslation(AVATAR_NAMESPACE);
  const [problem, setProblem] = useState<string | null>(null);
  // The server's refusals of a picture have texts here; anything else reads as elsewhere.
  const explain = (error: unknown) => {
    if (error instanceof Error && i18n.exists(error.message, { ns: AVATAR_NAMESPACE })) {
      setProblem(t(error.message));
      return;
    }
    const text = describeError(error, (key) => i18n.exists(key, { ns: 'translation' }));
    setProblem(text ? t(text.key, { ...text.values, ns: 'translation' }) : null);
  };
  return { problem, setProblem, explain };
}

/**
 * Choosing, uploading and removing the profile picture: a chosen file is checked, shown at once
 * and uploaded; the profile is read again after either change.
 */
export function useAvatarUpload() {
  const { t } = useTranslation(AVATAR_NAMESPACE);
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<File | null>(null);
  const { problem, setProblem, explain } = useAvatarProblem();
  const preview = usePreview(chosen);
  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: profileQueryKey });

  const upload = useMutation({
    mutationFn: (file: File) => uploadAvatar(file),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await refreshProfile();
      showToast({ key: `${AVATAR_NAMESPACE}:saved`, severity: 'success' });
    },
    onError: explain,
    onSettled: () => setChosen(null),
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await refreshProfile();
      showToast({ key: `${AVATAR_NAMESPACE}:removed`, severity: 'success' });
    },
    onError: explain,
  });

  return {
    preview,
    problem,
    clearProblem: () => setProblem(null),
    isUploading: upload.isPending,
    isBusy: upload.isPending || remove.isPending,
    choose: (file: File) => {
      const refusal = checkAvatarFile(file);
      setProblem(refusal ? t(refusal) : null);
      if (refusal) return;
      setChosen(file);
      upload.mutate(file);
    },
    remove: () => {
      setProblem(null);
      remove.mutate();
    },
  };
}
