import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { showToast } from '../components/toast-store';
import { getBridge } from './bridge';
import { CANCELLED, BridgeError } from './bridge-contract';
import { deviceInfoQuery, NATIVE_NAMESPACE } from './native-queries';
import { buySubscription, skusFor, type PlainSku } from './purchase';

/** Inside a shell the premium page sells through the device's store: one button per plan. */
export default function NativePurchase({
  tier,
  subscriptionsKey,
}: {
  tier: 'premium' | 'unlimited';
  subscriptionsKey: readonly unknown[];
}) {
  const { t } = useTranslation(NATIVE_NAMESPACE);
  const client = useQueryClient();
  const device = useQuery(deviceInfoQuery()).data;
  const skus = useQuery({
    queryKey: ['subscriptionSkus'],
    queryFn: () => call('GetSubscriptionSkus'),
  }).data;
  const buy = useMutation({
    mutationFn: async (sku: PlainSku) =>
      buySubscription(await getBridge(), client, sku, subscriptionsKey),
    onError: (error) => {
      if (error instanceof BridgeError && error.code === CANCELLED) return;
      showToast({
        key: 'native:purchase.failed',
        values: { message: error.message },
        severity: 'error',
      });
    },
  });
  if (!device || !skus) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {skusFor(skus, tier, device.platform).map((sku) => (
        <Button
          key={sku.id}
          variant="contained"
          disabled={buy.isPending}
          onClick={() => buy.mutate(sku)}
        >
          {t('purchase.buy', { plan: sku.displayName || sku.name, price: sku.price })}
        </Button>
      ))}
    </Box>
  );
}
