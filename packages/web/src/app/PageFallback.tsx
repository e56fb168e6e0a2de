import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Fade from '@mui/material/Fade';

/** Shown while a route's code or strings load; it appears only if that takes a moment. */
export function PageFallback() {
  return (
    <Box sx={{ minHeight: '60dvh', display: 'grid', placeItems: 'center' }}>
      <Fade in style={{ transitionDelay: '400ms' }}>
        <CircularProgress aria-hidden="true" />
      </Fade>
    </Box>
  );
}
