import Box from '@mui/material/Box';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

const Input = styled('input')({
  flex: 1,
  minWidth: 0,
  border: 0,
  outline: 0,
  padding: '6px 0',
  background: 'transparent',
  font: 'inherit',
  color: 'inherit',
  '&::placeholder': { color: 'inherit', opacity: 0.6 },
});

export interface PlainFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  start?: ReactNode;
  end?: ReactNode;
  boxSx?: SxProps<Theme>;
}

/**
 * A one-line text field for the agenda's inline inputs (search, quick-add). A native input in a
 * styled box: MUI's input machinery is not needed here and would weigh on the first paint.
 */
export const PlainField = forwardRef<HTMLInputElement, PlainFieldProps>(function PlainField(
  { start, end, boxSx, ...input },
  ref,
) {
  return (
    <Box
      sx={[
        {
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          width: '100%',
          // The input draws no outline of its own: the box shows where typing goes (WCAG 2.4.7).
          '&:focus-within': {
            bgcolor: 'action.hover',
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: 1,
          },
        },
        ...(Array.isArray(boxSx) ? boxSx : [boxSx]),
      ]}
    >
      {start}
      <Input ref={ref} {...input} />
      {end}
    </Box>
  );
});
