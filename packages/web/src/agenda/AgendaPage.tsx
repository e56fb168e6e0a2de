import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useProfile } from '../api/profile';
import { startOfLocalDay } from '@planner/core';
import { languageTag, localeOf } from '../i18n/i18n';
import { dayPartAt, displayTimeZone, parseAgendaParams } from './agenda-date';

const HOURS_SHOWN = 10;

/** The agenda route. The timeline arrives with the planning screens; for now its empty state. */
export default function AgendaPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const profile = useProfile().data;
  const [now] = useState(() => Date.now());
  const { date } = parseAgendaParams(params['view'], params['currentDate'], now);
  const timeZone = displayTimeZone(profile?.options?.timezone ?? profile?.user?.options?.timezone);
  const tag = languageTag(localeOf(i18n.language));
  const isToday = startOfLocalDay(date, timeZone) === startOfLocalDay(now, timeZone);

  // Spec 2: /agenda?add=true opens the creation dial, then the route becomes plain /agenda.
  useEffect(() => {
    if (searchParams.has('add')) navigate('/agenda', { replace: true });
  }, [searchParams, navigate]);

  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone }).format(date);
  const day = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', timeZone }).format(
    date,
  );
  const greeting = t(`agenda.greeting.${dayPartAt(now, timeZone)}`);
  const name = profile?.user?.name.trim();

  return (
    <Box
      sx={{
        px: { xs: 2, sm: 4 },
        py: { xs: 2.5, sm: 4 },
        maxWidth: 960,
        width: '100%',
        mx: 'auto',
      }}
    >
      <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
        {name ? t('agenda.greetingNamed', { greeting, name }) : greeting}
      </Typography>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 0.5, mb: 3 }}
      >
        <Typography variant="h4" component="h2" data-testid="agenda-date">
          <Box component="span" sx={{ textTransform: 'capitalize' }}>
            {weekday}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
            {' · '}
            {day}
          </Box>
        </Typography>
        {isToday && (
          <Box
            component="span"
            sx={{
              px: 1.25,
              py: 0.25,
              borderRadius: '999px',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontSize: 13,
              fontWeight: 600,
            }}
          >
            {t('agenda.today')}
          </Box>
        )}
      </Box>
      <Paper
        variant="outlined"
        sx={{ position: 'relative', overflow: 'hidden', borderRadius: '16px', minHeight: 420 }}
      >
        <Box aria-hidden="true" sx={{ position: 'absolute', inset: 0, pt: 2 }}>
          {Array.from({ length: HOURS_SHOWN }, (_, hour) => (
            <Box
              key={hour}
              sx={{
                height: 48,
                borderTop: '1px dashed',
                borderColor: 'divider',
                mx: 2,
                opacity: 0.7,
              }}
            />
          ))}
        </Box>
        <Box
          data-testid="agenda-empty"
          sx={{
            position: 'relative',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            textAlign: 'center',
            px: 3,
            py: { xs: 8, sm: 10 },
          }}
        >
          <Box
            sx={{
              width: 88,
              height: 88,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(74, 85, 224, 0.1)',
              color: 'primary.main',
              mb: 3,
              boxShadow: '0 0 0 12px rgba(74, 85, 224, 0.05)',
            }}
          >
            <EventAvailableIcon sx={{ fontSize: 42 }} />
          </Box>
          <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
            {t('agenda.empty.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
            {t('agenda.empty.text')}
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
