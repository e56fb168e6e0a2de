import { expect, type Locator, type Page } from '@playwright/test';

/** The /login screen: intro, sign-up and log-in modes, forgot password. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm password');
    this.error = page.getByTestId('auth-error');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await this.expectIntro();
  }

  async expectIntro(): Promise<void> {
    await expect(this.page).toHaveURL(/\/login$/);
    await expect(this.page.getByRole('button', { name: 'Create account' })).toBeVisible();
  }

  async openSignUp(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await expect(this.page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  }

  async openLogIn(): Promise<void> {
    await this.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  }

  async signUp(email: string, password: string): Promise<void> {
    await this.openSignUp();
    await this.email.fill(email);
    await this.password.fill(password);
    await this.confirmPassword.fill(password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.openLogIn();
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Log in', exact: true }).click();
  }
}
