import FeedbackIcon from '@mui/icons-material/FeedbackOutlined';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooksOutlined';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import ReplayIcon from '@mui/icons-material/ReplayOutlined';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetTutorials } from '../api/tutorials';
import { ArticleLink } from './ArticleLink';
import { ALL_ARTICLES_NAME, GETTING_STARTED, TIPS } from './help-articles';
import { HelpPageFrame } from './HelpPageFrame';
import { HelpAction, HelpLink, HelpSection } from './HelpSection';

/** /help: getting started, tips, the FAQ, every article, feedback and the tutorial again. */
export default function HelpPage() {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const restart = useMutation({
    mutationFn: resetTutorials,
    // The agenda shows the welcome tour again as soon as the status is empty.
    onSuccess: () => navigate('/agenda'),
  });
  return (
    <HelpPageFrame>
      <HelpSection title={t('gettingStarted')}>
        {GETTING_STARTED.map((name) => (
          <ArticleLink key={name} name={name} />
        ))}
      </HelpSection>
      <HelpSection title={t('tips')}>
        {TIPS.map((name) => (
          <ArticleLink key={name} name={name} />
        ))}
      </HelpSection>
      <HelpSection title={t('more')}>
        <HelpLink
          to="/help/faq"
          icon={<QuizIcon />}
          title={t('articles.faq.title')}
          summary={t('articles.faq.summary')}
        />
        <HelpLink
          to={`/help/${ALL_ARTICLES_NAME}`}
          icon={<LibraryBooksIcon />}
          title={t('allArticles.title')}
          summary={t('allArticles.summary')}
        />
        <HelpLink
          to="/feedback"
          icon={<FeedbackIcon />}
          title={t('feedback.title')}
          summary={t('feedback.summary')}
        />
        <HelpAction
          onClick={() => restart.mutate()}
          disabled={restart.isPending}
          icon={<ReplayIcon />}
          title={t('restartTutorial.title')}
          summary={t('restartTutorial.summary')}
        />
      </HelpSection>
    </HelpPageFrame>
  );
}
