import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../src/report/index.js';
import { buildSampleRunReport } from '../src/report/test-support/build-run-report.js';
import { findChromium } from './find-chromium.js';

// Looked up when the file loads: without Chromium the file fails with what to install, no test is skipped.
const chromiumPath = findChromium();
const outputDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'output');

let browser: Browser | undefined;
let reportDirectory: string | undefined;
let reportPath: string;

beforeAll(async () => {
  await mkdir(outputDirectory, { recursive: true });
  // The page itself goes to a temporary directory: only the screenshot is kept.
  reportDirectory = await mkdtemp(path.join(tmpdir(), 'toolloop-html-report-'));
  reportPath = path.join(reportDirectory, 'report.html');
  await writeFile(reportPath, renderHtmlReport({ report: buildSampleRunReport() }));
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  if (reportDirectory !== undefined) await rm(reportDirectory, { recursive: true, force: true });
});

describe('the HTML report in headless Chromium', () => {
  it('shows the timeline of a failed scenario and saves a screenshot', async () => {
    const page = await browser!.newPage({ viewport: { width: 1200, height: 900 } });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(reportPath).href);

    const failed = page.locator('.scenario.status-failed', { hasText: 'search <then> answer' });
    await expect.poll(() => failed.locator('.event-tool').first().isVisible()).toBe(true);
    expect(await failed.locator('.event-tool .tool-name').first().textContent()).toBe(
      'search_course_content',
    );
    expect(await failed.locator('.event-stop .stop-reason').isVisible()).toBe(true);
    expect(await failed.locator('.event-stop .stop-reason').textContent()).toBe('max_rounds');
    expect(await page.locator('.toolbar').isVisible()).toBe(true);

    await page.screenshot({ path: path.join(outputDirectory, 'report.png'), fullPage: true });
    expect(requests).toEqual([pathToFileURL(reportPath).href]);
  });

  it('is readable without JavaScript: the timeline shows and the filter toolbar stays hidden', async () => {
    const context = await browser!.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(pathToFileURL(reportPath).href);

    const failed = page.locator('.scenario.status-failed', { hasText: 'search <then> answer' });
    expect(await failed.locator('.event-stop .stop-reason').isVisible()).toBe(true);
    expect(await failed.locator('.failure').count()).toBe(3);
    expect(await page.locator('.toolbar').isVisible()).toBe(false);
    await context.close();
  });

  it('filters scenarios by status and by search text', async () => {
    const page = await browser!.newPage();
    await page.goto(pathToFileURL(reportPath).href);
    const visibleNames = () => page.locator('.scenario:visible .scenario-name').allTextContents();

    await page.getByRole('button', { name: 'Failed' }).click();
    expect(await visibleNames()).toEqual([
      'search <then> answer & "quote"',
      'server crash',
      'sometimes slow',
    ]);
    await page.getByRole('searchbox').fill('crash');
    expect(await visibleNames()).toEqual(['server crash']);
    expect(await page.locator('.shown').textContent()).toBe('1 of 5 shown');
    await page.getByRole('button', { name: 'Flaky' }).click();
    expect(await visibleNames()).toEqual([]);
    expect(await page.locator('.empty').isVisible()).toBe(true);
  });
});
