import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { INPUT_BOUNDS } from '@planner/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as serverApi from './options-api';
import { useDebouncedValue } from '../editors/use-debounced-value';
import { localeOf } from '../i18n/i18n';
import { SAVE_DEBOUNCE_MS } from './options-api';

interface Territory {
  type: string;
  name: string;
}

/** Spec 8: a failed territory or zone search only stops the spinner (no notice). */
const quiet = { silent: true } as const;

function TerritoryList({ onPick }: { onPick: (territory: Territory) => void }) {
  const { t, i18n } = useTranslation('settings');
  const locale = localeOf(i18n.language);
  const [keyword, setKeyword] = useState('');
  // Spec 7: QueryTerritories is debounced 300 ms.
  const settled = useDebouncedValue(keyword.trim(), SAVE_DEBOUNCE_MS);
  const territories = useQuery({
    queryKey: ['territories', settled, locale],
    queryFn: () => serverApi.queryTerritories({ keyword: settled, locale }),
    meta: quiet,
  });
  return (
    <>
      <TextField
        autoFocus
        fullWidth
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        label={t('timeZone.search')}
        slotProps={{
          htmlInput: { maxLength: INPUT_BOUNDS.keywordChars },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
            endAdornment: territories.isFetching ? <CircularProgress size={20} /> : null,
          },
        }}
        sx={{ mt: 1 }}
      />
      <List aria-label={t('timeZone.territories')} sx={{ mt: 1 }}>
        {territories.data?.territories.map((territory) => (
          <ListItemButton key={territory.type} onClick={() => onPick(territory)}>
            <ListItemText primary={territory.name} />
          </ListItemButton>
        ))}
        {territories.data?.territories.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('timeZone.noMatch')}
          </Typography>
        )}
      </List>
    </>
  );
}

function ZoneList({ territory, onPick }: { territory: Territory; onPick: (zone: string) => void }) {
  const { t, i18n } = useTranslation('settings');
  const locale = localeOf(i18n.language);
  const zones = useQuery({
    queryKey: ['timeZones', territory.type, locale],
    queryFn: () => serverApi.queryTimeZones({ territoryType: territory.type, locale }),
    meta: quiet,
  });
  if (zones.isFetching && !zones.data) {
    return <CircularProgress size={24} sx={{ m: 2 }} aria-label={t('timeZone.loading')} />;
  }
  return (
    <List aria-label={t('timeZone.zonesOf', { territory: territory.name })}>
      {zones.data?.timeZones.map((zone) => (
        <ListItemButton key={zone.name} onClick={() => onPick(zone.name)} data-zone={zone.name}>
          <ListItemText
            primary={zone.name.replaceAll('_', ' ')}
            secondary={`${zone.description} (${zone.gmtShortName})`}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

interface TimeZonePickerProps {
  open: boolean;
  onClose: () => void;
  onChoose: (zone: string) => void;
}

/** Spec 2: the picker searches territories, then lists the chosen territory's zones. */
export function TimeZonePicker({ open, onClose, onChoose }: TimeZonePickerProps) {
  const { t } = useTranslation('settings');
  const isPhone = useMediaQuery('(max-width: 599px)');
  const [territory, setTerritory] = useState<Territory | null>(null);
  const close = () => {
    setTerritory(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={isPhone}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { sx: isPhone ? { borderRadius: 0 } : {} } }}
    >
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {territory && (
          <IconButton
            edge="start"
            aria-label={t('timeZone.back')}
            onClick={() => setTerritory(null)}
          >
            <ArrowBackIcon />
          </IconButton>
        )}
        <Box component="span" sx={{ flex: 1 }}>
          {territory ? territory.name : t('timeZone.title')}
        </Box>
        <IconButton aria-label={t('timeZone.close')} onClick={close} edge="end">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 360 }}>
        {territory ? (
          <ZoneList
            territory={territory}
            onPick={(zone) => {
              onChoose(zone);
              close();
            }}
          />
        ) : (
          <TerritoryList onPick={setTerritory} />
        )}
      </DialogContent>
    </Dialog>
  );
}
