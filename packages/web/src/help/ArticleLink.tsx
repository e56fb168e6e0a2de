import { useTranslation } from 'react-i18next';
import { ARTICLE_ICONS } from './article-icons';
import type { ArticleName } from './help-articles';
import { HelpLink } from './HelpSection';

export function ArticleLink({ name }: { name: ArticleName }) {
  const { t } = useTranslation('help');
  const Icon = ARTICLE_ICONS[name];
  return (
    <HelpLink
      to={`/help/${name}`}
      icon={<Icon />}
      title={t(`articles.${name}.title`)}
      summary={t(`articles.${name}.summary`)}
    />
  );
}
