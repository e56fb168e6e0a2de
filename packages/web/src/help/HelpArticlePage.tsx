import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { localeOf } from '../i18n/i18n';
import { ArticleLink } from './ArticleLink';
import {
  ALL_ARTICLES,
  ALL_ARTICLES_NAME,
  helpArticles,
  isArticleName,
  type ArticleName,
} from './help-articles';
import { HelpMarkdown } from './HelpMarkdown';
import { HelpPageFrame } from './HelpPageFrame';
import { HelpSection } from './HelpSection';

/** /help/{name}: one article (faq is one), the list of all of them, or "not found". */
export default function HelpArticlePage() {
  const { name = '' } = useParams();
  return (
    <HelpPageFrame>
      <BackToHelp />
      {name === ALL_ARTICLES_NAME ? (
        <AllArticles />
      ) : isArticleName(name) ? (
        <Article name={name} />
      ) : (
        <NotFound name={name} />
      )}
    </HelpPageFrame>
  );
}

function BackToHelp() {
  const { t } = useTranslation('help');
  return (
    <Button
      component={RouterLink}
      to="/help"
      startIcon={<ArrowBackIcon />}
      sx={{ justifySelf: 'start' }}
    >
      {t('backToHelp')}
    </Button>
  );
}

function AllArticles() {
  const { t } = useTranslation('help');
  return (
    <HelpSection title={t('allArticles.title')}>
      {ALL_ARTICLES.map((name) => (
        <ArticleLink key={name} name={name} />
      ))}
    </HelpSection>
  );
}

function Article({ name }: { name: ArticleName }) {
  const { t, i18n } = useTranslation('help');
  const locale = localeOf(i18n.language);
  const article = useQuery({
    queryKey: ['help-article', name, locale],
    queryFn: () => helpArticles.loadArticle(name, locale),
    // The text ships with the app: it never goes stale, and a failed load is shown here.
    staleTime: Infinity,
    meta: { silent: true },
  });
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{ borderRadius: '16px', px: { xs: 2.5, sm: 4 }, py: { xs: 2.5, sm: 3 } }}
    >
      <Typography variant="h5" component="h1" gutterBottom>
        {t(`articles.${name}.title`)}
      </Typography>
      {article.data ? (
        <>
          {article.data.locale !== locale && (
            <Alert severity="info" sx={{ my: 1.5 }}>
              {t('untranslated')}
            </Alert>
          )}
          <HelpMarkdown markdown={article.data.markdown} />
        </>
      ) : article.isError ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void article.refetch()}>{t('retry')}</Button>}
        >
          {t('loadFailed')}
        </Alert>
      ) : (
        <CircularProgress aria-label={t('loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />
      )}
    </Paper>
  );
}

function NotFound({ name }: { name: string }) {
  const { t } = useTranslation('help');
  return (
    <Paper variant="outlined" sx={{ borderRadius: '16px', p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notFound.text', { name })}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/help">
        {t('notFound.back')}
      </Button>
    </Paper>
  );
}
