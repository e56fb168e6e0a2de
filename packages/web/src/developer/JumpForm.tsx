import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloudConfig } from '../api/cloud-config';
import { isJumpPassword, jumpTargetOf, type JumpTarget } from './jump';

function Form({ target }: { target: JumpTarget }) {
  const { t } = useTranslation('developer');
  const [password, setPassword] = useState('');
  const [isWrong, setWrong] = useState(false);
  const [isChecking, setChecking] = useState(false);

  const submit = async () => {
    setChecking(true);
    const isRight = await isJumpPassword(password, target);
    setChecking(false);
    if (!isRight) {
      setWrong(true);
      return;
    }
    window.location.assign(target.url);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => (event.preventDefault(), void submit())}
      sx={{ display: 'grid', gap: 1 }}
    >
      <Typography variant="subtitle2" component="h3">
        {t('jump.title')}
      </Typography>
      <TextField
        type="password"
        label={t('jump.password')}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setWrong(false);
        }}
        autoComplete="off"
        size="small"
        fullWidth
      />
      {isWrong && <Alert severity="error">{t('jump.wrongPassword')}</Alert>}
      <Box>
        <Button type="submit" variant="outlined" disabled={isChecking || password === ''}>
          {t('jump.go')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The password-gated jump to the address the server configures; the password is checked against
 * its configured SHA-256 on this device. Absent unless both are configured.
 */
export function JumpForm() {
  const target = jumpTargetOf(useCloudConfig());
  return target ? <Form target={target} /> : null;
}
