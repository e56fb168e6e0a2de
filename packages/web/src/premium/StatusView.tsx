import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Output } from '@planner/protocol';
import { useTranslation } from 'react-i18next';
import { languageTag, localeOf } from '../i18n/i18n';
import { planOfSku } from './premium-format';

type Subscription = Output<'GetSubscriptions'>['subscriptions'][number];

const LEVEL_NAMES = ['free', 'premium', 'unlimited'] as const;

/** View 1: the account's level and its store subscriptions, each with when it ends. */
export function StatusView({
  level,
  until,
  subscriptions,
  onSeePlans,
}: {
  level: number;
  /** When the level ends (User.premiumUntil); 0 when it does not. */
  until: number;
  subscriptions: readonly Subscription[];
  onSeePlans: () => void;
}) {
  const { t, i18n } = useTranslation('premium');
  const dates = new Intl.DateTimeFormat(languageTag(localeOf(i18n.language)), {
    dateStyle: 'long',
  });
  const bound = subscriptions.filter((subscription) => Number(subscription.expiresAt) > 0);
  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: '16px', p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {t('status.title')}
        </Typography>
        <Chip
          color={level > 0 ? 'primary' : 'default'}
          label={t(`tiers.${LEVEL_NAMES[Math.min(2, Math.max(0, level))] ?? 'free'}`)}
          data-testid="premium-level"
        />
      </Box>
      {level > 0 && until > 0 && (
        <Typography data-testid="premium-until">
          {t('status.levelUntil', { date: dates.format(new Date(until)) })}
        </Typography>
      )}
      {bound.length === 0 ? (
        <Typography color="text.secondary">{t('status.none')}</Typography>
      ) : (
        <List disablePadding aria-label={t('status.subscriptions')}>
          {bound.map((subscription) => {
            const plan = planOfSku(subscription.sku?.id ?? '');
            const end = dates.format(new Date(Number(subscription.expiresAt)));
            const store = subscription.appStoreReceipt ? 'appStore' : 'googlePlay';
            return (
              <ListItem key={subscription.id} disableGutters divider>
                <ListItemText
                  primary={
                    plan
                      ? t('status.plan', {
                          tier: t(`tiers.${plan.tier}`),
                          period: t(plan.yearly ? 'plans.yearly' : 'plans.monthly'),
                        })
                      : (subscription.sku?.name ?? '')
                  }
                  secondary={`${t(`subscribe.${store}`)} · ${t(
                    subscription.active ? 'status.paidUntil' : 'status.endedOn',
                    { date: end },
                  )}`}
                />
                <Chip
                  size="small"
                  variant="outlined"
                  color={subscription.active ? 'success' : 'default'}
                  label={t(subscription.active ? 'status.active' : 'status.ended')}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('status.manage')}
      </Typography>
      <Box>
        <Button variant="outlined" onClick={onSeePlans}>
          {t('status.seePlans')}
        </Button>
      </Box>
    </Paper>
  );
}
