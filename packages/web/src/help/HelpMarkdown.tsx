import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import remarkGfm from 'remark-gfm';

/**
 * Links inside the app move within it; others open in a new tab. A link whose address the URL
 * check refused (javascript: and the like, left empty) is shown as plain text.
 */
const components: Components = {
  a: ({ href = '', children }) =>
    href === '' ? (
      <span>{children}</span>
    ) : href.startsWith('/') ? (
      <Link component={RouterLink} to={href}>
        {children}
      </Link>
    ) : (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    ),
};

/**
 * An article's Markdown with GitHub tables and lists. Raw HTML in the text is dropped
 * (skipHtml), and react-markdown's default URL check refuses javascript: links.
 */
export function HelpMarkdown({ markdown }: { markdown: string }) {
  return (
    <Box
      sx={{
        typography: 'body1',
        lineHeight: 1.65,
        overflowWrap: 'anywhere',
        '& h2': { typography: 'h6', mt: 3, mb: 1 },
        '& h2:first-of-type': { mt: 1 },
        '& p': { my: 1.25 },
        '& ul, & ol': { pl: 3, my: 1.25 },
        '& li': { my: 0.5 },
        '& table': { borderCollapse: 'collapse', width: '100%', my: 2, typography: 'body2' },
        '& th, & td': {
          border: 1,
          borderColor: 'divider',
          px: 1.25,
          py: 0.75,
          textAlign: 'left',
        },
        '& th': { bgcolor: 'action.hover', fontWeight: 600 },
      }}
    >
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {markdown}
      </Markdown>
    </Box>
  );
}
