import Box from '@mui/material/Box';
import type { CategoryShare } from './category-split';

/** A thin bar split by category, each part as wide as its share of `whole`. */
export function CategoryBar({
  shares,
  whole,
}: {
  shares: readonly CategoryShare[];
  whole: number;
}) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'flex',
        height: 8,
        borderRadius: 4,
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      {whole > 0 &&
        shares.map((share) => (
          <Box
            key={share.id}
            data-category={share.id}
            sx={{ width: `${(share.ms / whole) * 100}%`, bgcolor: share.color }}
          />
        ))}
    </Box>
  );
}
