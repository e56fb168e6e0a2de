import { keyframes } from '@mui/material/styles';

/** The login modes of spec 4: intro -1, log in 0, sign up 1. */
export type LoginMode = -1 | 0 | 1;
export const INTRO: LoginMode = -1;

const fromRight = keyframes`
  from { opacity: 0; transform: translateX(32px); }
  to { opacity: 1; transform: none; }
`;
const fromLeft = keyframes`
  from { opacity: 0; transform: translateX(-32px); }
  to { opacity: 1; transform: none; }
`;

/** Going deeper (intro to a form, log in to sign up) slides in from the right; back from the left. */
export function modeEnterAnimation(previous: LoginMode, next: LoginMode) {
  return {
    animation: `${next >= previous ? fromRight : fromLeft} 320ms cubic-bezier(0.22, 1, 0.36, 1)`,
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  };
}
