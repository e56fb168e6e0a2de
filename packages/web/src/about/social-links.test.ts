import { describe, expect, it } from 'vitest';
import { toCloudConfig } from '../api/cloud-config';
import { socialLinksOf } from './social-links';

const withLinks = (value: string) => toCloudConfig([{ field: 'socialLinks', value }]);

describe('social links', () => {
  it('reads known networks and other https links from the configured list', () => {
    const links = socialLinksOf(
      withLinks(
        JSON.stringify([
          { network: 'Instagram', url: 'https://instagram.com/planner' },
          { network: 'mastodon', url: 'https://mastodon.social/@planner' },
        ]),
      ),
    );
    expect(links).toEqual([
      { network: 'instagram', name: 'Instagram', url: 'https://instagram.com/planner' },
      { network: null, name: 'mastodon.social', url: 'https://mastodon.social/@planner' },
    ]);
  });

  it('drops anything that is not an https address', () => {
    const links = socialLinksOf(
      withLinks(
        JSON.stringify([
          { network: 'x', url: 'http://x.com/planner' },
          { network: 'x', url: 'javascript:alert(1)' },
          { network: 'x' },
          'https://x.com/planner',
          { network: 'x', url: 'https://x.com/planner' },
        ]),
      ),
    );
    expect(links.map((link) => link.url)).toEqual(['https://x.com/planner']);
  });

  it('shows nothing when unconfigured or unreadable', () => {
    expect(socialLinksOf(toCloudConfig([]))).toEqual([]);
    expect(socialLinksOf(withLinks('not json'))).toEqual([]);
    expect(socialLinksOf(withLinks('{"network":"x"}'))).toEqual([]);
  });
});
