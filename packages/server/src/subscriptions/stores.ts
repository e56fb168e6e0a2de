import type { Config } from '../config';
import { AppStoreClient } from './app-store';
import { GooglePlayClient } from './google-play';
import type { StoreVerdict } from './store-verdict';
import type { SubscriptionRow } from './tables';

/** The stores this server is configured for (either may be off). */
export interface Stores {
  googlePlay: GooglePlayClient | undefined;
  appStore: AppStoreClient | undefined;
}

export function createStores(config: Config): Stores {
  return {
    googlePlay: config.googlePlay && new GooglePlayClient(config.googlePlay),
    appStore: config.appStore && new AppStoreClient(config.appStore),
  };
}

/** Asks the row's store again about its bound purchase; undefined for a pending row or no store. */
export async function recheck(
  stores: Stores,
  row: SubscriptionRow,
  now: number,
): Promise<StoreVerdict | undefined> {
  if (row.store === 'google_play' && stores.googlePlay) {
    return stores.googlePlay.verify(row.google_play_purchase_token, now);
  }
  if (row.store === 'app_store' && stores.appStore) {
    return stores.appStore.current(row.purchase_key, now);
  }
  return undefined;
}
