import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Which analysis the account cannot open: month/year views, or custom ranges. */
export type AnalysisLimit = 'monthlyYearlyAnalysis' | 'customAnalysis';

export interface AnalysisLimitDialogProps {
  limit: AnalysisLimit | null;
  /** Free accounts may also unlock the views with referrals: they get a pointer to /referral. */
  isFree: boolean;
  onClose: () => void;
}

/** The analysisTypeLimit dialog: why the view is closed and what opens it (spec, Analysis guard). */
export function AnalysisLimitDialog({ limit, isFree, onClose }: AnalysisLimitDialogProps) {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const titleId = useId();
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  return (
    <Dialog
      open={limit !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box sx={{ display: 'grid', placeItems: 'center', pt: 3, color: 'warning.main' }}>
        <WorkspacePremiumIcon sx={{ fontSize: 48 }} />
      </Box>
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {t('limit.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ textAlign: 'center' }}>
          {t(limit === 'customAnalysis' ? 'limit.custom' : 'limit.monthYear')}
        </DialogContentText>
        {isFree && (
          <DialogContentText sx={{ textAlign: 'center', mt: 1.5 }}>
            {t('limit.referralText')}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('limit.notNow')}</Button>
        {isFree && <Button onClick={() => go('/referral')}>{t('limit.referral')}</Button>}
        <Button variant="contained" disableElevation onClick={() => go('/premium/0')}>
          {t('limit.premium')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
