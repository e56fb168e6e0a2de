import FacebookIcon from '@mui/icons-material/Facebook';
import GitHubIcon from '@mui/icons-material/GitHub';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkIcon from '@mui/icons-material/Link';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import RedditIcon from '@mui/icons-material/Reddit';
import TelegramIcon from '@mui/icons-material/Telegram';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useCloudConfig } from '../api/cloud-config';
import { socialLinksOf, type KnownNetwork } from './social-links';

const ICONS: Record<KnownNetwork, typeof SvgIcon> = {
  x: XIcon,
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  youtube: YouTubeIcon,
  github: GitHubIcon,
  linkedin: LinkedInIcon,
  reddit: RedditIcon,
  telegram: TelegramIcon,
};

/** The product's social accounts, as the server configures them; hidden when there are none. */
export function SocialLinks() {
  const { t } = useTranslation('about');
  const links = socialLinksOf(useCloudConfig());
  if (links.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="about-social"
      sx={{ borderRadius: '16px', py: 1.5, px: 3 }}
    >
      <Typography id="about-social" variant="overline" color="text.secondary" component="h2">
        {t('social.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        {links.map((link) => {
          const Icon = link.network ? ICONS[link.network] : LinkIcon;
          return (
            <Button
              key={link.url}
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              startIcon={<Icon />}
              aria-label={t('social.follow', { network: link.name })}
              sx={{ textTransform: 'none' }}
            >
              {link.name}
            </Button>
          );
        })}
      </Box>
    </Paper>
  );
}
