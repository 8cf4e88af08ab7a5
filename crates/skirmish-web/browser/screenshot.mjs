// Saves docs/web-page.png: the Silent Arbiter board built through the editor, with a clicked
// (illegal) attack, its verdict and the optimal declaration. node screenshot.mjs [out.png]
import path from 'node:path';
import {
  repo, startServer, launchBrowser, openPage, buildBoard, tile, verdictFor,
} from './harness.mjs';

const out = path.resolve(process.argv[2] || path.join(repo, 'docs/web-page.png'));
const server = await startServer();
const chrome = await launchBrowser();
try {
  const { page, problems } = await openPage(chrome.browser, server.url);
  await buildBoard(page, [
    ['Alice', 'Crazed Goblin'],
    ['Alice', 'Grizzly Bears'],
    ['Bob', 'Silent Arbiter'],
  ]);
  await tile(page, 'Grizzly Bears').click();
  await verdictFor(page, 'Grizzly Bears');
  await page.getByTestId('optimal').click();
  await page.locator('[data-testid="optimal-result"][data-state="done"]').waitFor();
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.mouse.move(0, 0);
  await page.screenshot({ path: out, fullPage: false });
  if (problems.length) throw new Error(problems.join('\n'));
  console.log(`saved ${out}`);
} finally {
  await chrome.close();
  await server.stop();
}
