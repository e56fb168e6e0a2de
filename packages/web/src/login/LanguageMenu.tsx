import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUTOMATIC_LOCALE_OPTION,
  chooseLocale,
  localeForOption,
  readLocaleOption,
  SUPPORTED_LOCALES,
  type LocaleOption,
} from '../i18n/i18n';

const OPTIONS: readonly LocaleOption[] = [AUTOMATIC_LOCALE_OPTION, ...SUPPORTED_LOCALES];

interface LanguageMenuProps {
  /** Light text for use on the brand-coloured panel. */
  onDark?: boolean;
}

/** The ten interface languages by their own names, plus "automatic" (the device language). */
export function LanguageMenu({ onDark = false }: LanguageMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [option, setOption] = useState<LocaleOption>(readLocaleOption);

  const labelFor = (value: LocaleOption) =>
    value === AUTOMATIC_LOCALE_OPTION
      ? t('language.automatic', { language: t(`languages.${localeForOption(value)}`) })
      : t(`languages.${value}`);

  const choose = (value: LocaleOption) => {
    setAnchor(null);
    setOption(value);
    void chooseLocale(value);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('language.label')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: onDark ? 'common.white' : 'text.secondary', fontWeight: 500 }}
      >
        {t(`languages.${localeForOption(option)}`)}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {OPTIONS.map((value) => (
          <MenuItem
            key={value}
            selected={value === option}
            onClick={() => choose(value)}
            lang={value === AUTOMATIC_LOCALE_OPTION ? undefined : value.replace('_cn', '-CN')}
          >
            <ListItemIcon>{value === option ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{labelFor(value)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
