import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegalDocument } from '../components/LegalDialog';
import { Logo } from '../components/Logo';
import { GetStarted } from './GetStarted';
import { IntroCarousel } from './IntroCarousel';
import { LanguageMenu } from './LanguageMenu';
import type { LoginMode, modeEnterAnimation } from './mode-transition';

const brandBackground =
  'radial-gradient(120% 90% at 10% 0%, #6f79f7 0%, #4a55e0 45%, #2f37a8 100%)';

/** A phone on the intro: the carousel on the brand colour and the get-started choices. */
export function IntroOnlyScreen(props: {
  onChoose: (mode: LoginMode) => void;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        background: brandBackground,
        color: 'common.white',
        display: 'flex',
        flexDirection: 'column',
        px: 2.5,
        pt: 2,
        pb: 3,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Logo inverted size={30} color="common.white" />
        <LanguageMenu onDark />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 2 }}>
        <IntroCarousel illustrationHeight={200} />
      </Box>
      <GetStarted onChoose={props.onChoose} onDark />
      {props.children}
    </Box>
  );
}

/** A wide screen's left half: the logo and the intro carousel on the brand colour. */
export function BrandAside() {
  return (
    <Box
      component="aside"
      sx={{
        background: brandBackground,
        color: 'common.white',
        display: 'flex',
        flexDirection: 'column',
        p: 5,
      }}
    >
      <Logo inverted size={34} color="common.white" />
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center' }}>
        <IntroCarousel illustrationHeight={260} />
      </Box>
    </Box>
  );
}

interface LoginTopBarProps {
  /** Back to the intro, when the form is past it; otherwise the logo (on a narrow screen). */
  onBack: (() => void) | null;
  isWide: boolean;
}

export function LoginTopBar({ onBack, isWide }: LoginTopBarProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        px: { xs: 1.5, sm: 3 },
        pt: { xs: 1.5, sm: 3 },
      }}
    >
      {onBack ? (
        <Button startIcon={<ArrowBackIcon />} color="inherit" onClick={onBack}>
          {t('common.back')}
        </Button>
      ) : (
        <Box>{!isWide && <Logo size={28} />}</Box>
      )}
      <LanguageMenu />
    </Box>
  );
}

/** The terms and privacy links under the form. */
export function LegalFooter({ onShowLegal }: { onShowLegal: (document: LegalDocument) => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{ display: 'flex', justifyContent: 'center', gap: 3, pb: 3, px: 2 }}
    >
      <Link
        component="button"
        variant="body2"
        color="text.secondary"
        onClick={() => onShowLegal('terms')}
      >
        {t('legal.terms')}
      </Link>
      <Link
        component="button"
        variant="body2"
        color="text.secondary"
        onClick={() => onShowLegal('privacy')}
      >
        {t('legal.privacy')}
      </Link>
    </Box>
  );
}

interface CenteredPanelProps {
  /** How a change of panel slides in. */
  animation: ReturnType<typeof modeEnterAnimation>;
  children: ReactNode;
}

/** The form's place in the middle of the right half (or of a narrow screen). */
export function CenteredPanel({ animation, children }: CenteredPanelProps) {
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: { xs: 2.5, sm: 4 },
        py: { xs: 3, sm: 5 },
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 420, ...animation }}>{children}</Box>
    </Box>
  );
}
