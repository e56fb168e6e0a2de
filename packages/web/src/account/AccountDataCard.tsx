import DeleteIcon from '@mui/icons-material/DeleteForeverOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dumpAccountData } from './account-api';
import { useProfile } from '../api/profile';
import { confirmationFor, DeleteAccountDialog } from './DeleteAccountDialog';
import { downloadFile } from './download-export';
import { CardFrame } from '../components/CardFrame';

/** The account's data: a zip of all of it (DumpUserData), and deleting the account. */
export function AccountDataCard() {
  const { t } = useTranslation('account-data');
  const user = useProfile().data?.user;
  const [deleting, setDeleting] = useState(false);

  const download = useMutation({
    mutationFn: dumpAccountData,
    onSuccess: ({ data, filename }) => downloadFile(data, filename, 'application/zip'),
  });

  return (
    <CardFrame title={t('title')} text={t('text')} textGap={2.5} testId="account-data-card">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={
            download.isPending ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />
          }
          onClick={() => download.mutate()}
          disabled={download.isPending}
        >
          {download.isPending ? t('downloading') : t('download')}
        </Button>
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setDeleting(true)}
          disabled={!user}
        >
          {t('delete')}
        </Button>
      </Box>
      {user && (
        <DeleteAccountDialog
          open={deleting}
          confirmation={confirmationFor(user)}
          onClose={() => setDeleting(false)}
          onDownload={() => download.mutate()}
          downloading={download.isPending}
        />
      )}
    </CardFrame>
  );
}
