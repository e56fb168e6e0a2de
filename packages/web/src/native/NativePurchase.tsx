import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as serverApi from './native-api';
import { showToast } from '../components/toast-store';
import { getBridge } from '../bridge/bridge';
import { CANCELLED, BridgeError } from '../bridge/bridge-contract';
import { deviceInfoQuery, NATIVE_NAMESPACE } from '../bridge/native-queries';
import {
  buySubscription,
  NO_RECEIPT,
  restoreAppStorePurchases,
  skusFor,
  type PlainSku,
} from './purchase';

function isCancel(error: Error | null): boolean {
  return error instanceof BridgeError && error.code === CANCELLED;
}

/**
 * Inside a shell the premium page sells through the device's store: one button per plan. A
 * failed purchase's message stays on the screen (spec: shown persistently) until it is closed
 * or another purchase is tried; a cancel says nothing. On iOS, Restore purchases sends the App
 * Store's latest transaction (SetAppStoreReceipt).
 */
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
    queryFn: () => serverApi.getSubscriptionSkus(),
  }).data;
  const buy = useMutation({
    mutationFn: async (sku: PlainSku) =>
      buySubscription(await getBridge(), client, sku, subscriptionsKey),
    meta: { handlesErrors: true },
  });
  const restore = useMutation({
    mutationFn: async () => restoreAppStorePurchases(await getBridge(), client),
    meta: { handlesErrors: true },
    onSuccess: () => showToast({ key: 'native:purchase.restored', severity: 'success' }),
  });
  const failed = [buy, restore].find((m) => m.error && !isCancel(m.error));
  const failure = failed?.error ?? null;
  const isBusy = buy.isPending || restore.isPending;
  if (!device || !skus) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {failure && (
        <Alert
          severity="error"
          onClose={() => failed?.reset()}
          sx={{ flexBasis: '100%' }}
          data-testid="purchase-failed"
        >
          {failure.message === NO_RECEIPT
            ? t('purchase.noReceipt')
            : t('purchase.failed', { message: failure.message })}
        </Alert>
      )}
      {skusFor(skus, tier, device.platform).map((sku) => (
        <Button
          key={sku.id}
          variant="contained"
          disabled={isBusy}
          onClick={() => {
            restore.reset();
            buy.mutate(sku);
          }}
        >
          {t('purchase.buy', { plan: sku.displayName || sku.name, price: sku.price })}
        </Button>
      ))}
      {device.platform === 'ios' && (
        <Button
          disabled={isBusy}
          onClick={() => {
            buy.reset();
            restore.mutate();
          }}
        >
          {t('purchase.restore')}
        </Button>
      )}
    </Box>
  );
}
