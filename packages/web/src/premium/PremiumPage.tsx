import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { premiumLevelOf } from '@planner/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import * as serverApi from './premium-api';
import { useCloudConfig } from '../api/cloud-config';
import { useProfile } from '../api/profile';
import { CampaignRibbon } from './CampaignRibbon';
import { FeatureComparison } from './FeatureComparison';
import { parsePriceParams, type Tier } from './price-params';
import { planOfSku, tierOfParam, TIER_ORDER } from './premium-format';
import { StatusView } from './StatusView';
import { StoreDialog, type StoreLink } from './StoreDialog';
import { TierCarousel } from './TierCarousel';
import { isNativeShell } from '../bridge/bridge';

// Inside a native shell the store sells the plans (loaded only there).
const NativePurchase = lazy(() => import('../native/NativePurchase'));

export { subscriptionsQueryKey } from '../native/purchase';
import { subscriptionsQueryKey } from '../native/purchase';

/** Cloud config fields this screen reads besides PRICE_PARAMS: the store apps' pages. */
const STORE_FIELDS = { appStore: 'appStoreUrl', googlePlay: 'googlePlayUrl' } as const;

const isHttpUrl = (value: string | undefined): value is string =>
  value !== undefined && /^https?:\/\/\S+$/.test(value);

/**
 * /premium/{tier?}: view 0 the plans (carousel of Premium and Unlimited, prices, the campaign,
 * the comparison, how to subscribe on the web), view 1 the status of a subscribed account.
 */
export default function PremiumPage() {
  const { t } = useTranslation('premium');
  const navigate = useNavigate();
  const { tier: tierParam } = useParams();
  const tier = tierOfParam(tierParam);
  const config = useCloudConfig();
  const prices = parsePriceParams(config.get('PRICE_PARAMS'));
  const profile = useProfile().data;
  const subscriptions = useQuery({
    queryKey: subscriptionsQueryKey,
    queryFn: () => serverApi.getSubscriptions(),
  }).data?.subscriptions;

  const active = (subscriptions ?? []).filter((subscription) => subscription.active);
  // The profile's level is the derived one; an active subscription is shown even before the
  // profile is fetched again.
  const level = Math.max(
    premiumLevelOf(profile?.user?.premiumLevel ?? 0),
    ...active.map((subscription) => {
      const plan = planOfSku(subscription.sku?.id ?? '');
      return plan ? TIER_ORDER.indexOf(plan.tier) + 1 : 0;
    }),
  );
  const subscribed = level > 0 || (subscriptions ?? []).some((s) => Number(s.expiresAt) > 0);
  const [showPlans, setShowPlans] = useState(false);
  const [storesOpen, setStoresOpen] = useState(false);

  const links: StoreLink[] = (['appStore', 'googlePlay'] as const).flatMap((store) => {
    const url = config.get(STORE_FIELDS[store]);
    return isHttpUrl(url) ? [{ store, url }] : [];
  });
  const chooseTier = (next: Tier) =>
    navigate(`/premium/${TIER_ORDER.indexOf(next)}`, { replace: true });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
      {subscribed && !showPlans ? (
        <StatusView
          level={level}
          until={Number(profile?.user?.premiumUntil ?? 0)}
          subscriptions={subscriptions ?? []}
          onSeePlans={() => setShowPlans(true)}
        />
      ) : (
        <>
          {subscribed && (
            <Box>
              <Button onClick={() => setShowPlans(false)}>{t('status.title')}</Button>
            </Box>
          )}
          <Typography variant="h5" component="h2">
            {t('title')}
          </Typography>
          <CampaignRibbon campaign={prices.salesCampaign} />
          <TierCarousel tier={tier} prices={prices} onTier={chooseTier} />
          <Paper
            variant="outlined"
            sx={{ borderRadius: '16px', p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 1.5 }}
          >
            <Typography>{t('subscribe.note')}</Typography>
            {isNativeShell() ? (
              <Suspense fallback={null}>
                <NativePurchase tier={tier} subscriptionsKey={subscriptionsQueryKey} />
              </Suspense>
            ) : (
              links.length > 0 && (
                <Box>
                  <Button variant="contained" onClick={() => setStoresOpen(true)}>
                    {t('subscribe.button')}
                  </Button>
                </Box>
              )
            )}
          </Paper>
          <FeatureComparison selected={tier} />
          <StoreDialog open={storesOpen} onClose={() => setStoresOpen(false)} links={links} />
        </>
      )}
    </Box>
  );
}
