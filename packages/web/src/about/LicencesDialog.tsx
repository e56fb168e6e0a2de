import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLicences, type Licence } from './licences';

function LicenceRow({ licence }: { licence: Licence }) {
  const { t } = useTranslation('about');
  const [isOpen, setOpen] = useState(false);
  const textId = useId();
  const label = `${licence.name} ${licence.version}`;
  return (
    <Box component="li" data-licence={licence.name}>
      <ListItemButton
        aria-expanded={isOpen}
        aria-controls={textId}
        onClick={() => setOpen((open) => !open)}
      >
        <ListItemText
          primary={label}
          secondary={licence.license || t('licences.undeclared')}
          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        />
        <ExpandMoreIcon
          sx={{
            color: 'text.secondary',
            transform: isOpen ? 'rotate(180deg)' : 'none',
            transition: 'transform 160ms ease',
          }}
        />
      </ListItemButton>
      <Collapse in={isOpen} unmountOnExit>
        <Box
          id={textId}
          component="pre"
          sx={{
            m: 0,
            mx: 2,
            mb: 1.5,
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: '8px',
            fontSize: '0.75rem',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {licence.text || t('licences.noText')}
        </Box>
      </Collapse>
    </Box>
  );
}

function LicenceList() {
  const { t } = useTranslation('about');
  const { data, isError, isPending } = useLicences();
  const [filter, setFilter] = useState('');
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('translation:common.loading')} />
      </Box>
    );
  }
  if (isError) return <Alert severity="error">{t('licences.loadFailed')}</Alert>;
  if (data.kind === 'notBuilt') return <Alert severity="info">{t('licences.devServer')}</Alert>;
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? data.licences.filter(
        (licence) =>
          licence.name.toLowerCase().includes(needle) ||
          licence.license.toLowerCase().includes(needle),
      )
    : data.licences;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('licences.intro', { count: data.licences.length })}
      </Typography>
      <TextField
        label={t('licences.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        size="small"
        fullWidth
        sx={{ mb: 1 }}
      />
      <List disablePadding aria-label={t('licences.title')}>
        {shown.map((licence) => (
          <LicenceRow key={`${licence.name}@${licence.version}`} licence={licence} />
        ))}
      </List>
    </>
  );
}

/** The open-source licences of the packages in this build, fetched when opened. */
export default function LicencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('about');
  const titleId = useId();
  const isPhone = useMediaQuery('(max-width:599.95px)');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isPhone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      scroll="paper"
      slotProps={{ paper: { sx: isPhone ? { borderRadius: 0 } : undefined } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('licences.title')}
        <IconButton
          aria-label={t('translation:common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers tabIndex={0}>
        {open && <LicenceList />}
      </DialogContent>
    </Dialog>
  );
}
