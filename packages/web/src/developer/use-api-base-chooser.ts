import { useState } from 'react';
import {
  API_ENDPOINTS,
  readApiChoice,
  type ApiEndpoint,
  type NamedApiEndpoint,
} from '../api/api-base';
import { useCloudConfig } from '../api/cloud-config';
import { choiceFor, namedApiBases, switchApiBase } from './api-switch';
import { probeApiBase } from './developer-api';

export type ApiChooserStatus =
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
 * The chooser's state: the server in use, the one picked, a typed address, and applying the
 * pick (a new server is asked for its versions first; once switched, the session ends).
 */
export function useApiBaseChooser(onSwitched?: () => void) {
  const named = namedApiBases(useCloudConfig());
  const [current, setCurrent] = useState(readApiChoice);
  const [endpoint, setEndpoint] = useState<ApiEndpoint>(current.endpoint);
  const [custom, setCustom] = useState(current.endpoint === 'custom' ? current.baseUrl : '');
  const [status, setStatus] = useState<ApiChooserStatus>({ kind: 'idle' });
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

  return {
    named,
    current,
    offered,
    endpoint,
    custom,
    status,
    apply,
    /** Picking another server, or typing, clears the last answer. */
    pickEndpoint: (value: string) => {
      if (isEndpoint(value)) setEndpoint(value);
      setStatus({ kind: 'idle' });
    },
    changeCustom: (value: string) => {
      setCustom(value);
      setStatus({ kind: 'idle' });
    },
  };
}
