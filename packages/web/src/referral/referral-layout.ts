/** The look the referral page's cards share. */
export const cardSx = { p: { xs: 2.5, sm: 3 }, borderRadius: '16px' } as const;

export const frameSx = {
  width: '100%',
  maxWidth: 860,
  mx: 'auto',
  px: { xs: 1.5, sm: 3 },
  py: { xs: 2, sm: 3 },
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignContent: 'start',
  gap: 2.5,
} as const;
