import { chromium } from 'playwright-core';

const base = 'http://localhost:3913';
const [email, password] = [process.env.ADMIN_EMAIL!, process.env.ADMIN_PASSWORD!];
const out = '/tmp/i13-shot';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') console.log('console error', m.text());
  });
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  const pages = (process.env.PAGES ?? '/superadmin').split(',');
  for (const p of pages) {
    await page.goto(`${base}${p}`);
    await page.waitForTimeout(1500);
    const name = p.replace(/[^a-z0-9]+/gi, '_');
    if (label === 'desktop') await page.screenshot({ path: `${out}/${label}${name}.png`, fullPage: true });
    else {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let i = 0; i * 800 < Math.min(height, 4000); i++) {
        await page.evaluate((y) => window.scrollTo(0, y), i * 800);
        await page.waitForTimeout(150);
        await page.screenshot({ path: `${out}/${label}${name}_${i}.png` });
      }
    }
  }
  if (process.env.ACTION === 'expand') {
    await page.goto(`${base}/superadmin`);
    await page.getByRole('button', { name: /Build details/ }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${label}_build.png`, fullPage: false, clip: undefined });
  }
  await context.close();
}
await browser.close();
