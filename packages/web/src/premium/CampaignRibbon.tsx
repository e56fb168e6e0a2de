import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PriceParams } from './price-params';
import { countdown } from './premium-format';
import { useNow } from './use-now';

/** The sales campaign's title and a live countdown; nothing once it has ended. */
export function CampaignRibbon({ campaign }: { campaign: PriceParams['salesCampaign'] }) {
  const { t } = useTranslation('premium');
  const now = useNow(1000, campaign !== undefined);
  if (!campaign || campaign.expireAt <= now) return null;
  const left = countdown(campaign.expireAt, now);
  return (
    <Box
      role="status"
      aria-label={t('campaign.label')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1.5,
        px: 2.5,
        py: 1.5,
        borderRadius: '16px',
        color: 'secondary.contrastText',
        bgcolor: 'secondary.main',
      }}
    >
      <LocalOfferIcon fontSize="small" />
      <Typography sx={{ fontWeight: 600, flex: '1 1 auto', minWidth: 0 }}>
        {campaign.title}
      </Typography>
      <Typography
        data-testid="campaign-countdown"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
      >
        {t('campaign.endsIn', {
          time: t('campaign.countdown', { days: left.days, clock: left.clock }),
        })}
      </Typography>
    </Box>
  );
}
