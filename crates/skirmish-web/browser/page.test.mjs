// Browser tests of the page `skirmish serve` serves: node --test page.test.mjs
// (run.sh installs what is missing and builds the server first).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readFile } from 'node:fs';
import path from 'node:path';
import {
  repo, startServer, launchBrowser, openPage, buildBoard, boardUpToDate, tile, verdictFor, q,
} from './harness.mjs';

let server;
let chrome;

before(async () => {
  server = await startServer();
  chrome = await launchBrowser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) await server.stop();
});

/** A fresh page per test; fails the test if the page threw or logged an error. */
async function withPage(t, body) {
  const { page, context, problems } = await openPage(chrome.browser, server.url);
  try {
    await body(page);
    assert.deepEqual(problems, [], 'the page logged no error');
  } catch (e) {
    const gone = server.gone();
    if (gone) e.message += `\n${gone}`;
    if (!chrome.browser.isConnected()) e.message += '\nthe browser is gone (it crashed or was killed)';
    throw e;
  } finally {
    await context.close();
  }
}

async function post(endpoint, body) {
  const res = await fetch(new URL(endpoint, server.url), {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

test('Silent Arbiter: clicked attacks are judged with rule numbers, and the optimum and count are given', async (t) => {
  await withPage(t, async (page) => {
    await buildBoard(page, [
      ['Alice', 'Crazed Goblin'],
      ['Alice', 'Grizzly Bears'],
      ['Bob', 'Silent Arbiter'],
    ]);
    assert.equal(await page.getByTestId('turn-step').inputValue(), 'declare-attackers');
    assert.equal(await page.getByTestId('mode-attack').getAttribute('aria-pressed'), 'true');

    await tile(page, 'Grizzly Bears').click();
    let v = await verdictFor(page, 'Grizzly Bears');
    assert.equal(v.verdict, 'too-few-requirements');
    assert.match(v.text, /illegal/i);
    assert.ok(v.lines.some((l) => l.startsWith('[500.4]')), `a [500.4] line in ${JSON.stringify(v.lines)}`);
    assert.match(await page.getByTestId('attack-text').innerText(), /^Grizzly Bears$/);
    const witness = page.getByTestId('witness');
    assert.match(await witness.innerText(), /a legal declaration instead: Crazed Goblin/i);

    await tile(page, 'Crazed Goblin').click();
    v = await verdictFor(page, 'Crazed Goblin, Grizzly Bears');
    assert.equal(v.verdict, 'breaks-restrictions');
    assert.match(v.text, /illegal/i);
    assert.ok(v.lines.some((l) => l.startsWith('[500.2]')), `a [500.2] line in ${JSON.stringify(v.lines)}`);
    assert.equal(await tile(page, 'Crazed Goblin').getAttribute('data-attacking'), 'true');

    await tile(page, 'Grizzly Bears').click();
    v = await verdictFor(page, 'Crazed Goblin');
    assert.equal(v.verdict, 'legal');
    assert.match(v.text, /^legal/i);
    assert.equal(await page.locator('[data-testid="verdict"].legal').count(), 1, 'shown as legal (green)');
    assert.equal(await witness.isVisible(), false);
    assert.equal(await tile(page, 'Grizzly Bears').getAttribute('data-attacking'), null);

    await page.getByTestId('optimal').click();
    await page.locator('[data-testid="optimal-result"][data-state="done"]').waitFor();
    assert.equal(await page.getByTestId('optimum').innerText(), 'Crazed Goblin');
    assert.match(await page.getByTestId('optimal-result').innerText(), /maximum 1/);

    await page.getByTestId('count').click();
    await page.locator('[data-testid="count-result"][data-state="done"]').waitFor();
    assert.equal(await page.getByTestId('count-value').innerText(), '1');
  });
});

test('Run a combat: the log by step with rule numbers, and the board after', async (t) => {
  await withPage(t, async (page) => {
    await buildBoard(page, [['Alice', 'Grizzly Bears']]);
    await tile(page, 'Grizzly Bears').click();
    const v = await verdictFor(page, 'Grizzly Bears');
    assert.equal(v.verdict, 'legal');

    await page.getByTestId('run').click();
    const result = page.locator('[data-testid="run-result"][data-state="done"]');
    await result.waitFor();
    const headings = result.getByTestId('log-step-heading');
    assert.equal(await headings.count(), 1, 'one step shown at first');
    assert.equal(await headings.first().innerText(), '[308] turn 3 (Alice): declare attackers step begins');
    assert.deepEqual(await result.getByTestId('log-line').allInnerTexts(), [
      '[308.2g] Grizzly Bears attacks Bob',
      '[408.1c] all players pass with the stack empty: the step ends',
    ]);
    await page.getByTestId('log-next').click();
    assert.equal(await headings.count(), 2, '"next step" shows one more step');
    assert.match(await headings.nth(1).innerText(), /^\[309\] .*declare blockers step begins$/);
    await page.getByTestId('log-all').click();
    const all = await headings.allInnerTexts();
    assert.ok(all.length >= 6, `every step shown: ${JSON.stringify(all)}`);
    assert.ok(all.includes('[310] turn 3 (Alice): combat damage step begins'), JSON.stringify(all));
    assert.equal(await page.getByTestId('log-next').isVisible(), false);
    const lines = await result.getByTestId('log-line').allInnerTexts();
    for (const line of lines) assert.match(line, /^\[\d{3}(\.\d+[a-z]?)?\] \S/, `a rule number on "${line}"`);
    assert.ok(lines.includes('[310.4] Grizzly Bears deals 2 damage to Bob'), JSON.stringify(lines));
    assert.ok(lines.includes('[215.2] Bob loses 2 life (now 18)'), JSON.stringify(lines));

    const bobAfter = page.locator('[data-testid="board-after"] [data-testid="board-player"][data-player="Bob"]');
    assert.equal(await bobAfter.getByTestId('board-life').innerText(), '♥ 18');
    const bobBefore = page.locator('[data-testid="board-view"] [data-testid="board-player"][data-player="Bob"]');
    assert.equal(await bobBefore.getByTestId('board-life').innerText(), '♥ 20');
    const bears = page.locator('[data-testid="board-after"] [data-testid="tile"][data-label="Grizzly Bears"]');
    assert.match(await bears.innerText(), /tapped/);
    assert.equal(await bears.evaluate((n) => n.tagName), 'DIV', 'the board after is not clickable');
  });
});

test('Bad input: an unknown card name is marked at its field, kept as typed, and cleared when fixed', async (t) => {
  await withPage(t, async (page) => {
    await buildBoard(page, [['Alice', 'Hill Giant'], ['Alice', 'Grizzly Bears']]);
    const row = page.locator('[data-testid="perm-row"][data-index="1"]');
    const name = row.getByTestId('perm-card');
    assert.equal(await name.inputValue(), 'Grizzly Bears');

    await name.fill('Grizly Bears');
    const error = row.getByTestId('field-error');
    await error.waitFor();
    assert.match(await error.innerText(), /unknown card "Grizly Bears"/);
    assert.match(await error.innerText(), /did you mean "Grizzly Bears"\?/);
    assert.equal(await name.inputValue(), 'Grizly Bears', 'what was typed stays');
    assert.match(await name.getAttribute('class'), /\binvalid\b/);
    // Only that field: the other permanent's row has no error, and no banner.
    assert.equal(await page.locator('[data-testid="perm-row"][data-index="0"] [data-testid="field-error"]').count(), 0);
    assert.equal(await page.getByTestId('banner').isVisible(), false);
    // The error is right under the name field.
    const at = await name.boundingBox();
    const box = await error.boundingBox();
    assert.ok(box.y >= at.y + at.height - 1 && box.y - (at.y + at.height) < 40, `error under the field: ${JSON.stringify({ at, box })}`);
    // The last good board stays, marked stale.
    assert.equal(await page.getByTestId('board-view').getAttribute('data-stale'), 'true');
    assert.equal(await tile(page, 'Grizzly Bears').count(), 1);

    await name.fill('Grizzly Bears');
    await boardUpToDate(page);
    assert.equal(await page.getByTestId('field-error').count(), 0);
    assert.doesNotMatch(await name.getAttribute('class'), /\binvalid\b/);
    assert.equal(await page.getByTestId('board-view').getAttribute('data-stale'), 'false');
  });
});

test('Open and save: a scenario file round-trips with its expectations', async (t) => {
  const file = path.join(repo, 'examples/faq-crazed-goblin-silent-arbiter.toml');
  const original = readFileSync(file, 'utf8');
  const parsed = await post('/api/scenario/parse', { toml: original, name: path.basename(file) });
  assert.equal(parsed.status, 200);
  assert.equal(parsed.json.error, undefined);

  await withPage(t, async (page) => {
    await page.getByTestId('open-file').setInputFiles(file);
    await tile(page, 'Silent Arbiter').waitFor();
    await boardUpToDate(page);
    assert.equal(await page.getByTestId('file-name').innerText(), 'faq-crazed-goblin-silent-arbiter.toml');
    assert.match(await page.getByTestId('extra-keys').innerText(), /4 expectations.*kept when saved/);
    assert.match(await page.getByTestId('description').innerText(), /Rules FAQ/);
    assert.equal(await page.getByTestId('turn-number').inputValue(), '3');
    assert.equal(await page.locator('[data-testid="player-editor"][data-player="Alice"] [data-testid="perm-row"]').count(), 2);

    const saveFile = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('save').click(),
      ]);
      assert.equal(download.suggestedFilename(), 'faq-crazed-goblin-silent-arbiter.toml');
      return new Promise((resolve, reject) => {
        download.path().then((p) => readFile(p, 'utf8', (e, s) => (e ? reject(e) : resolve(s))), reject);
      });
    };
    const saved = await saveFile();
    // Nothing changed: the file comes back as it was, comments and all.
    assert.equal(saved, original);
    const back = await post('/api/scenario/parse', { toml: saved, name: 'saved.toml' });
    assert.equal(back.status, 200);
    assert.equal(back.json.error, undefined, `the saved file loads: ${JSON.stringify(back.json.error)}`);
    assert.deepEqual(back.json.scenario, parsed.json.scenario);
    assert.equal(back.json.scenario.expect.attack.length, 4, 'the expectations were kept');
    assert.match(saved, /\[\[expect\.attack\]\]/);

    // An edit is saved into the file: its comments stay, and it loads with the edit.
    const bears = page.locator('[data-testid="perm-row"][data-index="1"]');
    assert.equal(await bears.getByTestId('perm-card').inputValue(), 'Grizzly Bears');
    await bears.getByTestId('perm-tapped').check();
    await boardUpToDate(page);
    const edited = await saveFile();
    assert.match(edited, /# Just the Crazed Goblin: obeys the restriction and the requirement\./);
    const reread = await post('/api/scenario/parse', { toml: edited });
    assert.equal(reread.json.scenario.permanent[1].tapped, true);
    assert.deepEqual({ ...reread.json.scenario.permanent[1], tapped: undefined }, { ...parsed.json.scenario.permanent[1], tapped: undefined });
  });
});

test('Blockers: click a blocker then its attacker, click again to undo, or pick with the select; the run follows', async (t) => {
  await withPage(t, async (page) => {
    await buildBoard(page, [['Alice', 'Hill Giant'], ['Bob', 'Grizzly Bears']]);
    await tile(page, 'Hill Giant').click();
    assert.equal((await verdictFor(page, 'Hill Giant')).verdict, 'legal');

    await page.getByTestId('mode-block').click();
    assert.equal((await verdictFor(page, '')).verdict, 'legal', 'no block is legal here');
    await tile(page, 'Grizzly Bears').click();
    await tile(page, 'Hill Giant').click();
    assert.equal((await verdictFor(page, 'Grizzly Bears=Hill Giant')).verdict, 'legal');
    assert.equal(await page.getByTestId('block-text').innerText(), 'Grizzly Bears=Hill Giant');
    assert.equal(await tile(page, 'Grizzly Bears').getAttribute('data-blocking'), 'Hill Giant');

    await tile(page, 'Grizzly Bears').click(); // again: undo
    await verdictFor(page, '');
    assert.equal(await tile(page, 'Grizzly Bears').getAttribute('data-blocking'), null);

    await page.getByTestId('block-select').selectOption('Hill Giant');
    await verdictFor(page, 'Grizzly Bears=Hill Giant');

    await page.getByTestId('run').click();
    const result = page.locator('[data-testid="run-result"][data-state="done"]');
    await result.waitFor();
    await page.getByTestId('log-all').click();
    const lines = await result.getByTestId('log-line').allInnerTexts();
    assert.ok(lines.includes('[308.2g] Hill Giant attacks Bob'), JSON.stringify(lines));
    assert.ok(lines.includes('[309.2e] Grizzly Bears blocks Hill Giant'), JSON.stringify(lines));
    assert.ok(lines.includes('[310.4] Hill Giant deals 3 damage to Grizzly Bears'), JSON.stringify(lines));
    const bobAfter = page.locator('[data-testid="board-after"] [data-testid="board-player"][data-player="Bob"]');
    assert.equal(await bobAfter.getByTestId('board-life').innerText(), '♥ 20');
    assert.equal(await bobAfter.getByTestId('tile').count(), 0, 'the Bears died');
  });
});

test('Editions: the same click under the current rules is judged with the current rule numbers', async (t) => {
  await withPage(t, async (page) => {
    await buildBoard(page, [
      ['Alice', 'Crazed Goblin'],
      ['Alice', 'Grizzly Bears'],
      ['Bob', 'Silent Arbiter'],
    ]);
    await tile(page, 'Grizzly Bears').click();
    let v = await verdictFor(page, 'Grizzly Bears');
    assert.ok(v.lines.some((l) => l.startsWith('[500.4]')), JSON.stringify(v.lines));

    await page.getByTestId('edition').selectOption('current');
    // The verdict is asked again: wait until its lines cite the current rules.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="explanation"]')]
      .some((li) => li.textContent.startsWith('[508.1d]')));
    v = await verdictFor(page, 'Grizzly Bears');
    assert.equal(v.verdict, 'too-few-requirements');
    assert.ok(v.lines.every((l) => !l.startsWith('[500.')), `no 2009 number in ${JSON.stringify(v.lines)}`);
    assert.match(await page.getByTestId('board-turn').innerText(), /2026-01-16/);
  });
});

test('Paste a card: its text compiles into play, text that does not is marked at its field, and a reload keeps everything typed', async (t) => {
  await withPage(t, async (page) => {
    await buildBoard(page, [['Alice', 'Grizzly Bears']]);
    await page.locator('[data-testid="paste"] summary').click();
    await page.getByTestId('paste-name').fill('Test Wall');
    await page.getByTestId('paste-type').fill('Creature — Wall');
    await page.getByTestId('paste-pt').fill('0/4');
    await page.getByTestId('paste-text').fill('Defender\nFlying');
    await page.getByTestId('paste-controller').selectOption('Bob');
    await page.getByTestId('paste-add').click();
    const wall = page.locator('[data-testid="board-view"] [data-testid="tile"][data-label="Test Wall"][data-player="Bob"]');
    await wall.waitFor();
    await boardUpToDate(page);
    const words = (await wall.innerText()).toLowerCase();
    assert.match(words, /flying/);
    assert.match(words, /0\/4/);

    // Text the grammar doesn't know: the error is at the card's text, which keeps what was typed.
    const def = page.locator('[data-testid="card-def"]').first();
    const text = def.getByTestId('card-def-text');
    await text.fill('Test Wall juggles.');
    const error = def.getByTestId('field-error');
    await error.waitFor();
    assert.match(await error.innerText(), /Test Wall juggles/);
    assert.equal(await text.inputValue(), 'Test Wall juggles.');

    // A reload (or a closed tab) loses nothing: the board, the pasted card and its text are back.
    await page.reload();
    await page.locator('body[data-ready="true"]').waitFor();
    const again = page.locator('[data-testid="card-def"]').first();
    assert.equal(await again.getByTestId('card-def-text').inputValue(), 'Test Wall juggles.');
    await again.getByTestId('field-error').waitFor();
    await again.getByTestId('card-def-text').fill('Defender\nFlying');
    await boardUpToDate(page);
    assert.equal(await tile(page, 'Grizzly Bears').count(), 1);
    assert.equal(await tile(page, 'Test Wall').count(), 1);
  });
});
