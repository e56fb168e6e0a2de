import { CLOUD_CONFIG_FIELDS, type CloudConfig } from '../api/cloud-config';

/** Networks with a known name and icon; any other https link shows under its host name. */
export const KNOWN_NETWORKS = [
  'x',
  'facebook',
  'instagram',
  'youtube',
  'github',
  'linkedin',
  'reddit',
  'telegram',
] as const;
export type KnownNetwork = (typeof KNOWN_NETWORKS)[number];

export interface SocialLink {
  network: KnownNetwork | null;
  /** The brand's own name (not translated), or the link's host name. */
  name: string;
  url: string;
}

const NETWORK_NAMES: Record<KnownNetwork, string> = {
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  reddit: 'Reddit',
  telegram: 'Telegram',
};

/** At most this many links are shown, whatever the configuration holds. */
const MAX_LINKS = 8;

function knownNetwork(value: unknown): KnownNetwork | null {
  const name = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (KNOWN_NETWORKS as readonly string[]).includes(name) ? (name as KnownNetwork) : null;
}

function toLink(item: unknown): SocialLink | null {
  if (typeof item !== 'object' || item === null) return null;
  const rawUrl: unknown = Reflect.get(item, 'url');
  if (typeof rawUrl !== 'string') return null;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const network = knownNetwork(Reflect.get(item, 'network'));
  return { network, name: network ? NETWORK_NAMES[network] : url.hostname, url: url.href };
}

/**
 * The About page's social links from the server's `socialLinks` item (a JSON list of
 * `{ network, url }`): only https addresses, so no link is dead or unsafe; none when the item is
 * missing or unreadable (the section is then hidden).
 */
export function socialLinksOf(config: CloudConfig): SocialLink[] {
  const raw = config.get(CLOUD_CONFIG_FIELDS.socialLinks);
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .map(toLink)
    .filter((link): link is SocialLink => link !== null)
    .slice(0, MAX_LINKS);
}
