import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearLocalData,
  readItem,
  removeOtherVersions,
  STORAGE_PREFIX,
  writeItem,
} from './local-storage';

describe('local storage', () => {
  beforeEach(() => localStorage.clear());

  it('writes keys under the version 1.3 prefix', () => {
    writeItem('token', 'abc');
    expect(STORAGE_PREFIX).toBe('planner:1.3:');
    expect(localStorage.getItem('planner:1.3:token')).toBe('abc');
    expect(readItem('token')).toBe('abc');
  });

  it('deletes keys of other versions at start and keeps this version and foreign keys', () => {
    localStorage.setItem('planner:1.2:token', 'old');
    localStorage.setItem('planner:1.3.1:cache', 'newer');
    localStorage.setItem('planner:2:x', 'future');
    localStorage.setItem('planner:1.3:token', 'current');
    localStorage.setItem('someone-else', 'keep');

    expect(removeOtherVersions()).toBe(3);

    expect(localStorage.getItem('planner:1.2:token')).toBeNull();
    expect(localStorage.getItem('planner:1.3.1:cache')).toBeNull();
    expect(localStorage.getItem('planner:2:x')).toBeNull();
    expect(localStorage.getItem('planner:1.3:token')).toBe('current');
    expect(localStorage.getItem('someone-else')).toBe('keep');
  });

  it("clears the signed-in data but keeps the device's own options", () => {
    writeItem('token', 'abc');
    writeItem('queryCache', '{}');
    writeItem('tasksCategoryFilter', 'c1');
    const deviceOptions = {
      locale: 'fr',
      apiEndpoint: 'test',
      uiZoom: '125',
      'agenda.view': 'week',
      'agenda.focusMode': 'true',
    };
    Object.entries(deviceOptions).forEach(([key, value]) => writeItem(key, value));
    localStorage.setItem('someone-else', 'keep');

    clearLocalData();

    expect(readItem('token')).toBeNull();
    expect(readItem('queryCache')).toBeNull();
    expect(readItem('tasksCategoryFilter')).toBeNull();
    Object.entries(deviceOptions).forEach(([key, value]) => expect(readItem(key)).toBe(value));
    expect(localStorage.getItem('someone-else')).toBe('keep');
  });
});
