import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { languageTag, localeOf } from '../i18n/i18n';
import type { Frequency, PlanPrice, PriceParams, Tier } from './price-params';
import { formatUsd, TIER_ORDER } from './premium-format';

interface Props {
  tier: Tier;
  prices: PriceParams;
  onTier: (tier: Tier) => void;
}

/** Premium and Unlimited, one slide each: what the tier gives and its two plans. */
export function TierCarousel({ tier, prices, onTier }: Props) {
  const { t } = useTranslation('premium');
  const index = TIER_ORDER.indexOf(tier);
  const go = (step: number) => {
    const next = TIER_ORDER[index + step];
    if (next) onTier(next);
  };
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton
          aria-label={t('carousel.previous')}
          disabled={index === 0}
          onClick={() => go(-1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Tabs
          value={tier}
          onChange={(_event, value: Tier) => onTier(value)}
          variant="fullWidth"
          sx={{ flex: 1 }}
        >
          {TIER_ORDER.map((name) => (
            <Tab key={name} value={name} label={t(`tiers.${name}`)} />
          ))}
        </Tabs>
        <IconButton
          aria-label={t('carousel.next')}
          disabled={index === TIER_ORDER.length - 1}
          onClick={() => go(1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box sx={{ overflow: 'hidden', borderRadius: '16px' }}>
        <Box
          sx={{
            display: 'flex',
            width: `${TIER_ORDER.length * 100}%`,
            transform: `translateX(-${(index * 100) / TIER_ORDER.length}%)`,
            transition: 'transform 300ms ease',
          }}
        >
          {TIER_ORDER.map((name) => (
            <Box
              key={name}
              role="group"
              aria-roledescription="slide"
              aria-label={t(`tiers.${name}`)}
              aria-hidden={name !== tier}
              inert={name !== tier}
              sx={{ width: `${100 / TIER_ORDER.length}%`, flexShrink: 0, display: 'flex' }}
            >
              <TierSlide tier={name} prices={prices} />
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

function TierSlide({ tier, prices }: { tier: Tier; prices: PriceParams }) {
  const { t } = useTranslation('premium');
  const Icon = tier === 'premium' ? WorkspacePremiumIcon : AllInclusiveIcon;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2.5, sm: 3 },
        borderRadius: '16px',
        display: 'grid',
        gap: 2,
        // Both slides as tall as the taller one; the note sits at the bottom.
        flex: 1,
        gridTemplateRows: 'auto auto 1fr',
        alignItems: 'end',
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.main}1f, transparent 60%)`,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Icon color="primary" sx={{ fontSize: 40 }} />
        <Box>
          <Typography variant="h5" component="h3">
            {t(`tiers.${tier}`)}
          </Typography>
          <Typography color="text.secondary">{t(`tagline.${tier}`)}</Typography>
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        {(['monthly', 'yearly'] as const).map((frequency) => (
          <PlanCard
            key={frequency}
            tier={tier}
            frequency={frequency}
            price={prices[tier][frequency]}
          />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('plans.trial')} · {t('plans.usd')}
      </Typography>
    </Paper>
  );
}

function PlanCard({
  tier,
  frequency,
  price,
}: {
  tier: Tier;
  frequency: Frequency;
  price: PlanPrice;
}) {
  const { t, i18n } = useTranslation('premium');
  const tag = languageTag(localeOf(i18n.language));
  const discounted = price.current < price.base;
  return (
    <Paper
      variant="outlined"
      data-testid={`plan-${tier}-${frequency}`}
      sx={{ p: 2, borderRadius: '12px', display: 'grid', gap: 0.5, alignContent: 'start' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="overline" sx={{ lineHeight: 1.5 }}>
          {t(`plans.${frequency}`)}
        </Typography>
        {price.baseSave > 0 && (
          <Chip size="small" color="success" label={t('plans.save', { percent: price.baseSave })} />
        )}
        {discounted && price.off > 0 && (
          <Chip size="small" color="secondary" label={t('plans.off', { percent: price.off })} />
        )}
      </Box>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {t(frequency === 'monthly' ? 'plans.perMonth' : 'plans.perYear', {
          price: formatUsd(price.current, tag),
        })}
      </Typography>
      {discounted && (
        <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
          {formatUsd(price.base, tag)}
        </Typography>
      )}
    </Paper>
  );
}
