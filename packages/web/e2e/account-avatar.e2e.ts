import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from './fixtures';
import { AgendaApi } from './agenda-api';
import { ShellPage } from './pages/shell-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * The profile picture, from the account page to the drawer's header: a PNG made here is chosen
 * with the file input, goes through CreateFile, the multipart upload and (5.5 s later)
 * UpdateUser, and the picture the server re-encoded is what both places show.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: diagonal bands of two colours, width x height, 8-bit RGB. */
function bandedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) {
      const band = Math.floor((x + y) / 24) % 2 === 0;
      rows.push(...(band ? [25, 118, 210] : [255, 183, 77]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The avatar image inside `place`, once it has loaded (its natural width, else 0). */
async function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete ? img.naturalWidth : 0;
  });
}

async function expectServedAvatar(place: Locator, url: string): Promise<void> {
  const image = place.locator('img');
  await expect(image).toHaveAttribute('src', url);
  await expect.poll(() => loadedWidth(image)).toBe(256);
}

async function shoot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `account-avatar-${name}-${device}`);
}

test('avatar: choose, upload, shown on the account page and in the drawer, removed', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const device = deviceOf(info);
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('avatar'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  await api.call('UpdateUser', { name: 'Ada Lovelace' });
  await api.signInPage(page);
  await page.goto('/agenda');

  const shell = new ShellPage(page);
  await shell.expectAgenda();
  await shell.openDrawer();
  await page.getByTestId('account-header').click();
  await expect(page).toHaveURL(/\/account$/);
  const card = page.getByRole('region', { name: 'Profile picture' });
  const picture = card.getByTestId('avatar-card-picture');
  const input = card.getByTestId('avatar-file-input');
  await expect(picture).toHaveText('AL');
  await expect(card.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'none', device);

  // Refused on the device: a GIF never leaves it.
  await input.setInputFiles({
    name: 'cat.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(card.getByRole('alert')).toHaveText('Please choose a PNG, JPEG or WebP picture.');
  // Refused by the server: text with a .png name and type goes up and is turned back by content.
  await input.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are my notes, not a picture'),
  });
  await expect(card.getByRole('alert')).toHaveText('Please choose a PNG, JPEG or WebP picture.');
  await expect(picture).toHaveText('AL');
  await shoot(page, 'refused', device);

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: bandedPng(480, 320) });
  await expect(card.getByRole('alert')).toHaveCount(0);
  // The chosen picture shows at once, from the device, while it uploads.
  await expect(card.getByRole('status')).toHaveText('Uploading your profile picture…');
  await expect(picture.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(card.getByRole('button', { name: 'Choose a picture' })).toBeDisabled();
  await shoot(page, 'uploading', device);
  await expect(page.getByText('Profile picture saved')).toBeVisible({ timeout: 15_000 });
  await expect(card.getByRole('status')).toHaveCount(0);

  const { user } = await api.call<{ user: { avatar: string } }>('GetUserProfile');
  expect(user.avatar).toMatch(new RegExp(`^${baseURL}/files/[0-9a-f-]{36}$`));
  await expectServedAvatar(picture, user.avatar);
  await expectServedAvatar(
    page.getByTestId('account-page-email').locator('xpath=../..'),
    user.avatar,
  );
  await expect(card.getByRole('button', { name: 'Change picture' })).toBeEnabled();
  await shoot(page, 'set', device);

  // The drawer's header shows the same picture, reached by clicks.
  await page.getByRole('button', { name: 'Back' }).click();
  await shell.expectAgenda();
  await shell.openDrawer();
  const header = page.getByTestId('account-header');
  await expectServedAvatar(header, user.avatar);
  await shoot(page, 'drawer', device);
  await header.click();
  await expect(page).toHaveURL(/\/account$/);

  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Profile picture removed')).toBeVisible();
  await expect(picture.locator('img')).toHaveCount(0);
  await expect(picture).toHaveText('AL');
  const after = await api.call<{ user: { avatar: string } }>('GetUserProfile');
  expect(after.user.avatar).toBe('');
  expect((await fetch(user.avatar)).status).toBe(404);
  await page.getByRole('button', { name: 'Back' }).click();
  await shell.expectAgenda();
  await shell.openDrawer();
  await expect(page.getByTestId('account-header').locator('img')).toHaveCount(0);
});
