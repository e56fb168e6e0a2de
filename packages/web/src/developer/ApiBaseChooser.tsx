import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_ENDPOINTS,
  readApiChoice,
  type ApiEndpoint,
  type NamedApiEndpoint,
} from '../api/api-base';
import { probeApiBase } from './developer-api';
import { useCloudConfig } from '../api/cloud-config';
import { choiceFor, namedApiBases, switchApiBase } from './api-switch';

type Status =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'invalidAddress' }
  | { kind: 'unreachable' }
  | { kind: 'unchanged' }
  | { kind: 'switched' };

function isEndpoint(value: string): value is ApiEndpoint {
  return (API_ENDPOINTS as readonly string[]).includes(value);
}

/**
 * Chooses the API server this device talks to: this site (local), the named servers that have an
 * address, or a typed one. A new server is asked for its versions first, so a typo or a server
 * that is down never cuts the app off; once switched, the session ends (see switchApiBase).
 */
export function ApiBaseChooser({ onSwitched }: { onSwitched?: () => void }) {
  const { t } = useTranslation('developer');
  const named = namedApiBases(useCloudConfig());
  const [current, setCurrent] = useState(readApiChoice);
  const [endpoint, setEndpoint] = useState<ApiEndpoint>(current.endpoint);
  const [custom, setCustom] = useState(current.endpoint === 'custom' ? current.baseUrl : '');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const labelId = useId();
  const offered = API_ENDPOINTS.filter(
    (option) => option === 'local' || option === 'custom' || named[option as NamedApiEndpoint],
  );

  const apply = async () => {
    const result = choiceFor(endpoint, named, custom);
    if (!result.ok) {
      setStatus({ kind: 'invalidAddress' });
      return;
    }
    if (result.choice.baseUrl === current.baseUrl) {
      setStatus({ kind: 'unchanged' });
      return;
    }
    setStatus({ kind: 'checking' });
    try {
      await probeApiBase(result.choice.baseUrl);
    } catch {
      setStatus({ kind: 'unreachable' });
      return;
    }
    switchApiBase(result.choice);
    setCurrent(result.choice);
    setStatus({ kind: 'switched' });
    onSwitched?.();
  };

  const addressOf = (option: ApiEndpoint) =>
    option === 'local' ? t('api.thisSite') : option === 'custom' ? null : (named[option] ?? null);

  return (
    <Box component="form" noValidate onSubmit={(event) => (event.preventDefault(), void apply())}>
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
        onChange={(event) => {
          if (isEndpoint(event.target.value)) setEndpoint(event.target.value);
          setStatus({ kind: 'idle' });
        }}
      >
        {offered.map((option) => {
          const address = addressOf(option);
          return (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio size="small" />}
              label={
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
              }
            />
          );
        })}
      </RadioGroup>
      {endpoint === 'custom' && (
        <TextField
          label={t('api.customAddress')}
          placeholder="https://api.example.com/api"
          value={custom}
          onChange={(event) => {
            setCustom(event.target.value);
            setStatus({ kind: 'idle' });
          }}
          error={status.kind === 'invalidAddress'}
          helperText={status.kind === 'invalidAddress' ? t('api.invalidAddress') : ' '}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, autoCapitalize: 'none' } }}
          sx={{ mt: 1 }}
        />
      )}
      {status.kind === 'invalidAddress' && endpoint !== 'custom' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('api.invalidAddress')}
        </Alert>
      )}
      {status.kind === 'unreachable' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('api.unreachable')}
        </Alert>
      )}
      {status.kind === 'switched' && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('api.switched')}
        </Alert>
      )}
      {status.kind === 'unchanged' && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('api.unchanged')}
        </Alert>
      )}
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
