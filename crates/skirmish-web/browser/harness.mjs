// Shared by the browser tests and the screenshot: starts `skirmish serve --port 0`, launches
// Debian's chromium through playwright-core, and drives the page's editor.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../../..');

/** The server binary: $SKIRMISH_BIN, else debug/skirmish in $CARGO_TARGET_DIR or the repo's target. */
export function serverBinary() {
  if (process.env.SKIRMISH_BIN) return path.resolve(process.env.SKIRMISH_BIN);
  const target = process.env.CARGO_TARGET_DIR
    ? path.resolve(repo, process.env.CARGO_TARGET_DIR)
    : path.resolve(here, '../../../target');
  return path.join(target, 'debug', 'skirmish');
}

/** Starts the server on a free port; resolves to { url, stop }. */
export function startServer() {
  const bin = serverBinary();
  const child = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${bin} printed no URL within 30 s\nstdout: ${out}\nstderr: ${err}`));
    }, 30000);
    child.on('error', (e) => { clearTimeout(timer); reject(new Error(`can't start ${bin}: ${e.message}`)); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${bin} exited (${code}) before serving\nstdout: ${out}\nstderr: ${err}`)); });
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const m = /serving on (http:\/\/\S+?\/?)\s/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        const url = m[1].endsWith('/') ? m[1] : `${m[1]}/`;
        const exited = new Promise((r) => child.once('exit', r));
        resolve({
          url,
          /** Why the server is gone, when it is: its exit status and standard error. */
          gone() {
            if (child.exitCode === null && child.signalCode === null) return null;
            return `the server exited (${child.exitCode ?? child.signalCode}); its stderr:\n${err}`;
          },
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
  });
}

/** Debian's chromium, headless; never downloads a browser. (Playwright gives it a fresh
 * --user-data-dir of its own in a temporary folder.) */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/** Opens the page and waits until it has loaded its first board. */
export async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // Chromium logs every 4xx answer; the page expects 422s (they are how errors come back).
    if (m.type() === 'error' && !/^Failed to load resource: .* status of 4\d\d/.test(m.text())) {
      problems.push(`console: ${m.text()}`);
    }
  });
  await page.goto(url);
  await page.locator('body[data-ready="true"]').waitFor();
  await boardUpToDate(page);
  return { page, context, problems };
}

/** Waits until the board view shows the model as it is now (no edit waiting, no request out). */
export async function boardUpToDate(page) {
  await page.locator('[data-testid="board-status"][data-state="ok"]').waitFor();
}

/** Waits until the board view has the answer to the model as it is now, good or an error. */
export async function boardSettled(page) {
  await page.locator('[data-testid="board-status"]:is([data-state="ok"], [data-state="error"])').waitFor();
}

export const q = (s) => JSON.stringify(s); // a CSS attribute value

/** "New board", then each [player, card, label?] typed into that player's "add a card" row
 * (label: the one the page gives it, when the card is on the board already). */
export async function buildBoard(page, cards, { step = 'declare-attackers' } = {}) {
  await page.getByTestId('new-board').click();
  await page.getByTestId('turn-step').selectOption(step);
  for (const [player, card, label = card] of cards) {
    const row = page.locator(`[data-testid="player-editor"][data-player=${q(player)}]`);
    const input = row.getByTestId('add-card-name');
    await input.pressSequentially(card);
    await row.getByTestId('add-card').click();
    await page.locator(`[data-testid="board-view"] [data-testid="tile"][data-label=${q(label)}][data-player=${q(player)}]`).waitFor();
  }
  await boardUpToDate(page);
}

export function tile(page, label) {
  return page.locator(`[data-testid="board-view"] [data-testid="tile"][data-label=${q(label)}]`);
}

/** Waits for the verdict on exactly this declaration and returns { verdict, text, lines }. */
export async function verdictFor(page, declaration) {
  const v = page.locator(`[data-testid="verdict"][data-state="done"][data-declaration=${q(declaration)}]`);
  await v.waitFor();
  return {
    verdict: await v.getAttribute('data-verdict'),
    text: await v.innerText(),
    lines: await page.getByTestId('explanation').allInnerTexts(),
  };
}
