import { UAParser } from 'ua-parser-js';

/** A short, human label for the session list: "Chrome 120 on Mac OS 10.15". */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const result = new UAParser(userAgent).getResult();
  const browser = [result.browser.name, result.browser.major].filter(Boolean).join(' ');
  const os = [result.os.name, result.os.version].filter(Boolean).join(' ');
  // Phones and tablets are told apart by model; a desktop's system says enough.
  const model = result.device.type
    ? [result.device.vendor, result.device.model].filter(Boolean).join(' ')
    : '';
  const platform = [model, os].filter(Boolean).join(', ');
  if (browser && platform) return `${browser} on ${platform}`;
  return browser || platform || userAgent.slice(0, 80);
}
