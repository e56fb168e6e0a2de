import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ErrorCode, RpcError } from '@planner/protocol/client';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import * as serverApi from './share-api';
import { Logo } from '../components/Logo';
import { languageTag, localeOf } from '../i18n/i18n';
import { SHARE_NS } from './share-api';
import { SharedCharts, SharedSummary } from './SharedStatisticsParts';
import { sharedPeriodText, sharedTotals } from './shared-view';

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(SHARE_NS);
  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', px: 2, py: 3 }}>
      <Box sx={{ maxWidth: 880, mx: 'auto', display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Logo size={28} />
          </Box>
          <Button component={RouterLink} to="/" variant="outlined" size="small">
            {t('page.openApp')}
          </Button>
        </Box>
        {children}
      </Box>
    </Box>
  );
}

function NotFound({ isMissing }: { isMissing: boolean }) {
  const { t } = useTranslation(SHARE_NS);
  return (
    <Frame>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', display: 'grid', gap: 2 }}
        data-testid="share-not-found"
      >
        <Typography variant="h5" component="h1">
          {isMissing ? t('page.notFoundTitle') : t('page.errorTitle')}
        </Typography>
        <Typography color="text.secondary">
          {isMissing ? t('page.notFoundText') : t('page.errorText')}
        </Typography>
        <Box>
          <Button component={RouterLink} to="/" variant="contained">
            {t('page.openApp')}
          </Button>
        </Box>
      </Paper>
    </Frame>
  );
}

/**
 * /share/{id}: a shared analysis, public and read-only (no account needed). Shows the frozen
 * copy the server keeps: who shared it, the period, the total, the donut by category and bars
 * per task and event. An unknown id is a clear not-found page with a way into the app.
 */
export default function SharedStatisticsPage() {
  const { t, i18n } = useTranslation([SHARE_NS, 'editors']);
  const id = useParams().id ?? '';
  const share = useQuery({
    queryKey: ['shared-statistics', id],
    queryFn: () => serverApi.getTimeStatisticsShare({ id }),
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
  const tag = languageTag(localeOf(i18n.language));

  if (share.isPending) {
    return (
      <Frame>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('page.loading')} />
        </Box>
      </Frame>
    );
  }
  if (share.isError) {
    const error = share.error;
    const isMissing =
      error instanceof RpcError &&
      (error.code === ErrorCode.NotFound || error.code === ErrorCode.InvalidInput);
    return <NotFound isMissing={isMissing} />;
  }
  const data = share.data;
  const totals = sharedTotals(data.points);
  return (
    <Frame>
      <SharedSummary
        name={data.name}
        period={sharedPeriodText(data.points, tag)}
        totalMs={totals.sum}
      />
      {totals.sum === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('page.nothing')}</Typography>
        </Paper>
      ) : (
        <SharedCharts share={data} totals={totals} languageTag={tag} />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('page.sharedOn', {
          date: new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(data.createdAt),
        })}
      </Typography>
    </Frame>
  );
}
