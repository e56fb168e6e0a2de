import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createTapCounter } from '../about/tap-counter';
import {
  AnalysisIllustration,
  EstimationIllustration,
  OrganizeIllustration,
  WelcomeIllustration,
} from './illustrations';
import { useIntroCarousel } from './use-intro-carousel';

const SLIDES: readonly { id: string; Illustration: ComponentType }[] = [
  { id: 'welcome', Illustration: WelcomeIllustration },
  { id: 'organize', Illustration: OrganizeIllustration },
  { id: 'estimation', Illustration: EstimationIllustration },
  { id: 'analysis', Illustration: AnalysisIllustration },
];

// Spec 2: ten clicks on the analysis slide's title, then one on its text, open the hidden chooser
// of API servers (loaded only then).
const ApiChooserDialog = lazy(() => import('../developer/ApiChooserDialog'));
const CHOOSER_SLIDE = 'analysis';
const CHOOSER_TITLE_CLICKS = 10;
const CHOOSER_CLICK_GAP_MS = 1500;

interface IntroCarouselProps {
  /** Height of the drawing; the text keeps its own height so the dots do not jump. */
  illustrationHeight: number;
}

/** The four intro slides (welcome, organize, estimation, analysis) on the brand background. */
export function IntroCarousel({ illustrationHeight }: IntroCarouselProps) {
  const { t } = useTranslation();
  const count = SLIDES.length;
  const { index, go, handlers } = useIntroCarousel(count);
  const chooser = useHiddenChooser();

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t('login.intro.slides')}
      {...handlers}
      sx={{ width: '100%', maxWidth: 460, mx: 'auto', touchAction: 'pan-y', userSelect: 'none' }}
    >
      <Box sx={{ position: 'relative', overflow: 'hidden' }}>
        <Box
          sx={{
            display: 'flex',
            transform: `translateX(-${index * 100}%)`,
            transition: 'transform 480ms cubic-bezier(0.22, 1, 0.36, 1)',
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          }}
        >
          {SLIDES.map((slide, slideIndex) => (
            <IntroSlide
              key={slide.id}
              slide={slide}
              number={slideIndex + 1}
              isShown={slideIndex === index}
              illustrationHeight={illustrationHeight}
              chooser={chooser}
            />
          ))}
        </Box>
      </Box>
      <SlideDots index={index} onGo={go} />
      {chooser.isChooserOpen && (
        <Suspense fallback={null}>
          <ApiChooserDialog open onClose={chooser.closeChooser} />
        </Suspense>
      )}
    </Box>
  );
}

/** One slide: its drawing, title and text (the title and text also take the hidden gesture). */
function IntroSlide({
  slide: { id, Illustration },
  number,
  isShown,
  illustrationHeight,
  chooser,
}: {
  slide: (typeof SLIDES)[number];
  number: number;
  isShown: boolean;
  illustrationHeight: number;
  chooser: ReturnType<typeof useHiddenChooser>;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-roledescription="slide"
      aria-label={t('login.intro.goToSlide', { number, count: SLIDES.length })}
      aria-hidden={!isShown}
      data-slide={id}
      sx={{ flex: '0 0 100%', px: 1, textAlign: 'center' }}
    >
      <Box sx={{ height: illustrationHeight, mb: 3 }}>
        <Illustration />
      </Box>
      <Typography
        variant="h4"
        component="h2"
        onClick={() => chooser.onTitleClick(id)}
        sx={{ color: 'common.white', mb: 1.5 }}
      >
        {t(`login.intro.${id}.title`)}
      </Typography>
      <Typography
        onClick={() => chooser.onTextClick(id)}
        sx={{
          color: 'rgba(255,255,255,0.82)',
          fontSize: '1.05rem',
          lineHeight: 1.6,
          minHeight: '5em',
          maxWidth: 400,
          mx: 'auto',
        }}
      >
        {t(`login.intro.${id}.text`)}
      </Typography>
    </Box>
  );
}

/** A dot per slide, the current one long; each goes to its slide. */
function SlideDots({ index, onGo }: { index: number; onGo: (slide: number) => void }) {
  const { t } = useTranslation();
  const count = SLIDES.length;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1.5 }}>
      {SLIDES.map(({ id }, slide) => (
        <ButtonBase
          key={id}
          onClick={() => onGo(slide)}
          aria-label={t('login.intro.goToSlide', { number: slide + 1, count })}
          aria-current={slide === index ? 'true' : undefined}
          // A 24 px target around the 8 px dot (WCAG 2.5.8, target size).
          sx={{
            minWidth: 24,
            height: 24,
            px: slide === index ? 0.5 : 0,
            borderRadius: '12px',
            '&::after': {
              content: '""',
              width: slide === index ? 28 : 8,
              height: 8,
              borderRadius: '16px',
              bgcolor: slide === index ? 'common.white' : 'rgba(255,255,255,0.4)',
              transition: 'width 240ms ease, background-color 240ms ease',
            },
            '&.Mui-focusVisible, &:focus-visible': {
              outline: '2px solid #fff',
              outlineOffset: 0,
            },
          }}
        />
      ))}
    </Box>
  );
}

/**
 * The gesture that opens the hidden chooser: quick clicks on the analysis title, then its text.
 * A click on the text too early, or on another slide, starts again.
 */
function useHiddenChooser() {
  const [isChooserOpen, setChooserOpen] = useState(false);
  const titleClicks = useRef(
    createTapCounter({ needed: CHOOSER_TITLE_CLICKS, maxGapMs: CHOOSER_CLICK_GAP_MS }),
  );
  const isArmed = useRef(false);
  return {
    isChooserOpen,
    closeChooser: () => setChooserOpen(false),
    onTitleClick: (slide: string) => {
      if (slide !== CHOOSER_SLIDE) return;
      if (titleClicks.current.tap(performance.now())) isArmed.current = true;
    },
    onTextClick: (slide: string) => {
      const isOpening = slide === CHOOSER_SLIDE && isArmed.current;
      isArmed.current = false;
      titleClicks.current.reset();
      if (isOpening) setChooserOpen(true);
    },
  };
}
