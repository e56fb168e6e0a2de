import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiEndpoint, NamedApiEndpoint } from '../api/api-base';
import { useApiBaseChooser, type ApiChooserStatus } from './use-api-base-chooser';

/**
 * Chooses the API server this device talks to: this site (local), the named servers that have an
 * address, or a typed one. A new server is asked for its versions first, so a typo or a server
 * that is down never cuts the app off; once switched, the session ends (see switchApiBase).
 */
export function ApiBaseChooser({ onSwitched }: { onSwitched?: () => void }) {
  const { t } = useTranslation('developer');
  const chooser = useApiBaseChooser(onSwitched);
  const { current, endpoint, status } = chooser;
  const labelId = useId();

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => (event.preventDefault(), void chooser.apply())}
    >
      <Typography id={labelId} variant="subtitle2" component="h3">
        {t('api.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="api-current">
        {t('api.current', {
          server: t(`api.endpoints.${current.endpoint}`),
          address: current.baseUrl,
        })}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        name="apiEndpoint"
        value={endpoint}
        onChange={(event) => chooser.pickEndpoint(event.target.value)}
      >
        {chooser.offered.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio size="small" />}
            label={<EndpointLabel option={option} named={chooser.named} />}
          />
        ))}
      </RadioGroup>
      {endpoint === 'custom' && (
        <CustomAddressField
          value={chooser.custom}
          onChange={chooser.changeCustom}
          isInvalid={status.kind === 'invalidAddress'}
        />
      )}
      <ApiChooserAlert status={status} isCustom={endpoint === 'custom'} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('api.signOutNote')}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        disabled={status.kind === 'checking'}
        sx={{ mt: 1.5 }}
      >
        {status.kind === 'checking' ? t('api.checking') : t('api.use')}
      </Button>
    </Box>
  );
}

/** A server's name, its address under it when it has one. */
function EndpointLabel({
  option,
  named,
}: {
  option: ApiEndpoint;
  named: Partial<Record<NamedApiEndpoint, string>>;
}) {
  const { t } = useTranslation('developer');
  const address =
    option === 'local' ? t('api.thisSite') : option === 'custom' ? null : (named[option] ?? null);
  return (
    <Box component="span" sx={{ display: 'block', py: 0.25 }}>
      {t(`api.endpoints.${option}`)}
      {address && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {address}
        </Typography>
      )}
    </Box>
  );
}

function CustomAddressField({
  value,
  onChange,
  isInvalid,
}: {
  value: string;
  onChange: (value: string) => void;
  isInvalid: boolean;
}) {
  const { t } = useTranslation('developer');
  return (
    <TextField
      label={t('api.customAddress')}
      placeholder="https://api.example.com/api"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={isInvalid}
      helperText={isInvalid ? t('api.invalidAddress') : ' '}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, autoCapitalize: 'none' } }}
      sx={{ mt: 1 }}
    />
  );
}

/** The last answer: a bad address (shown by the field when typed), unreachable, switched, same. */
function ApiChooserAlert({ status, isCustom }: { status: ApiChooserStatus; isCustom: boolean }) {
  const { t } = useTranslation('developer');
  switch (status.kind) {
    case 'invalidAddress':
      return isCustom ? null : (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('api.invalidAddress')}
        </Alert>
      );
    case 'unreachable':
      return (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('api.unreachable')}
        </Alert>
      );
    case 'switched':
      return (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('api.switched')}
        </Alert>
      );
    case 'unchanged':
      return (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('api.unchanged')}
        </Alert>
      );
    default:
      return null;
  }
}
