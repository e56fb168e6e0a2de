import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { APP_VERSION } from '@planner/protocol';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LegalDialog, type LegalDocument } from '../components/LegalDialog';
import { LogoMark } from '../components/Logo';
import { SocialLinks } from './SocialLinks';
import { useVersionTaps } from './use-version-taps';

// Both open rarely: their code and strings arrive when first opened.
const LicencesDialog = lazy(() => import('./LicencesDialog'));
const DebugMenu = lazy(() => import('../developer/DebugMenu'));

const DOCUMENTS: readonly LegalDocument[] = ['terms', 'privacy'];

/** /about: what Planner is, its version, social links, legal documents and licences. */
export default function AboutPage() {
  const { t } = useTranslation(['translation', 'about']);
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const [areLicencesOpen, setLicencesOpen] = useState(false);
  const [isDebugOpen, setDebugOpen] = useState(false);
  const onVersionTap = useVersionTaps(() => setDebugOpen(true));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 4 }, borderRadius: '16px', textAlign: 'center' }}
      >
        <LogoMark size={64} />
        <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
          {t('app.name')}
        </Typography>
        <Typography
          color="text.secondary"
          sx={{ mb: 2, userSelect: 'none', WebkitTapHighlightColor: 'transparent' }}
          data-testid="about-version"
          onClick={onVersionTap}
        >
          {t('about.version', { version: APP_VERSION })}
        </Typography>
        <Typography sx={{ maxWidth: 480, mx: 'auto' }}>{t('about.text')}</Typography>
      </Paper>
      <SocialLinks />
      <Paper variant="outlined" sx={{ borderRadius: '16px', py: 1 }}>
        <Typography variant="overline" color="text.secondary" component="h2" sx={{ px: 3 }}>
          {t('about.legal')}
        </Typography>
        <List disablePadding>
          {DOCUMENTS.map((document) => (
            <ListItem key={document} disablePadding>
              <ListItemButton onClick={() => setLegal(document)}>
                <ListItemText primary={t(`legal.${document}`)} />
                <ChevronRightIcon sx={{ color: 'text.secondary' }} />
              </ListItemButton>
            </ListItem>
          ))}
          <ListItem disablePadding>
            <ListItemButton onClick={() => setLicencesOpen(true)}>
              <ListItemText primary={t('about:licences.title')} />
              <ChevronRightIcon sx={{ color: 'text.secondary' }} />
            </ListItemButton>
          </ListItem>
        </List>
      </Paper>
      <LegalDialog document={legal} onClose={() => setLegal(null)} />
      <Suspense fallback={null}>
        {areLicencesOpen && <LicencesDialog open onClose={() => setLicencesOpen(false)} />}
        {isDebugOpen && <DebugMenu open onClose={() => setDebugOpen(false)} />}
      </Suspense>
    </Box>
  );
}
