// Skirmish's page: edits a scenario (the JSON object of its TOML tables, as
// POST /api/scenario/parse gives it), shows its board, judges clicked declarations and runs the
// combat, all through the JSON API. Plain JavaScript, no dependencies.
'use strict';

(() => {
  const STEPS = [
    ['untap', 'untap step'],
    ['upkeep', 'upkeep step'],
    ['draw', 'draw step'],
    ['precombat-main', 'precombat main phase'],
    ['beginning-of-combat', 'beginning of combat step'],
    ['declare-attackers', 'declare attackers step'],
    ['declare-blockers', 'declare blockers step'],
    ['combat-damage', 'combat damage step'],
    ['end-of-combat', 'end of combat step'],
    ['postcombat-main', 'postcombat main phase'],
    ['end-of-turn', 'end of turn step'],
    ['cleanup', 'cleanup step'],
  ];
  const STEP_NAME = Object.fromEntries(STEPS);
  const stepIndex = (key) => STEPS.findIndex(([k]) => k === key);
  const DECLARE_ATTACKERS = stepIndex('declare-attackers');
  const DECLARE_BLOCKERS = stepIndex('declare-blockers');
  const PLAYER_NAMES = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve', 'Frank', 'Grace', 'Heidi'];
  /** Keys the editor edits; any other top-level key is kept as it is and mentioned. */
  const EDITED = new Set(['turn', 'player', 'permanent', 'card', 'edition', 'description']);

  // ---- state -------------------------------------------------------------------------------

  const state = {
    model: null, // the scenario's tables
    fileName: null,
    editions: [],
    board: null, // the last good board (POST /api/show)
    boardFor: null, // the JSON of the model that board is of
    stale: false,
    scenarioError: null, // the 422 of the last /api/show, if it failed
    mode: 'attack', // 'attack' | 'block' | 'none'
    modeStep: null, // the step the mode was chosen for
    attackers: new Map(), // label -> target ('' = the defending player)
    blocks: [], // [blocker, attacker] pairs
    pendingBlocker: null,
    showSeq: 0,
    checkSeq: 0,
    run: null,
    runShown: 0,
    optimal: null,
    count: null,
  };

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') node.className = v;
      else if (k === 'text') node.textContent = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else if (k === 'value') node.value = v;
      else if (k === 'checked') node.checked = !!v;
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  /** node.replaceChildren, leaving out null, undefined and false. */
  function fill(node, ...children) {
    node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  }

  async function api(path, body) {
    const init = body === undefined
      ? { method: 'GET' }
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    let res;
    try {
      res = await fetch(path, init);
    } catch (e) {
      return { status: 0, json: { error: { kind: 'network', message: `the server can't be reached (${e.message})`, help: 'is `skirmish serve` still running?' } } };
    }
    let json;
    try {
      json = await res.json();
    } catch (e) {
      json = { error: { kind: 'response', message: `the server's answer is not JSON (${res.status})`, help: '' } };
    }
    return { status: res.status, json };
  }

  // ---- the model -----------------------------------------------------------------------------

  function newBoard() {
    return {
      turn: { active: 'Alice', step: 'declare-attackers', number: 3 },
      player: [{ name: 'Alice' }, { name: 'Bob' }],
    };
  }

  const players = () => (Array.isArray(state.model.player) ? state.model.player : []);
  const permanents = () => (Array.isArray(state.model.permanent) ? state.model.permanent : []);
  const cardDefs = () => (Array.isArray(state.model.card) ? state.model.card : []);
  const turn = () => {
    if (!state.model.turn || typeof state.model.turn !== 'object') state.model.turn = {};
    return state.model.turn;
  };
  const playerNames = () => players().map((p) => String(p.name ?? ''));
  const permLabel = (p) => String(p.label || p.card || '');

  function setKey(obj, key, value) {
    if (value === undefined || value === '' || value === null) delete obj[key];
    else obj[key] = value;
  }

  /** The step index of the scenario (unknown steps count as before combat). */
  function currentStep() {
    const i = stepIndex(turn().step);
    return i < 0 ? 0 : i;
  }

  function defaultMode() {
    const s = currentStep();
    if (s <= DECLARE_ATTACKERS) return 'attack';
    if (s === DECLARE_BLOCKERS) return 'block';
    return 'none';
  }

  /** Where the board is kept between visits, so a reload or a closed tab loses nothing typed. */
  const KEPT = 'skirmish.board';

  function keep() {
    try {
      localStorage.setItem(KEPT, JSON.stringify({ model: state.model, fileName: state.fileName, original: state.original }));
    } catch (_) {
      // Storage full or disabled: the board still works, it just isn't kept.
    }
  }

  /** The board kept by the last visit, if it is one. */
  function kept() {
    try {
      const k = JSON.parse(localStorage.getItem(KEPT) || 'null');
      if (k && k.model && typeof k.model === 'object' && !Array.isArray(k.model)) return k;
    } catch (_) {
      // Unreadable: start from a new board.
    }
    return null;
  }

  function changed({ structure = false } = {}) {
    keep();
    if (structure) renderEditor();
    renderExtraKeys();
    if (state.modeStep !== turn().step) {
      state.modeStep = turn().step;
      state.mode = defaultMode();
      state.pendingBlocker = null;
    }
    scheduleShow();
  }

  // ---- the editor ----------------------------------------------------------------------------

  function fillSelect(select, options, value) {
    fill(select, ...options.map(([v, label]) => el('option', { value: v, text: label })));
    if (value !== undefined && value !== null && !options.some(([v]) => v === value)) {
      // A value the list doesn't have (a typo in an opened file) stays visible and selected.
      select.append(el('option', { value, text: `${value} (unknown)` }));
    }
    select.value = value ?? '';
  }

  function refreshPlayerSelects() {
    const names = playerNames();
    const t = turn();
    fillSelect($('turn-active'), names.map((n) => [n, n]), t.active);
    const opponents = names.filter((n) => n !== t.active);
    const wrap = $('turn-defending-wrap');
    wrap.hidden = opponents.length < 2 && !t.defending;
    fillSelect($('turn-defending'), [['', '—'], ...opponents.map((n) => [n, n])], t.defending ?? '');
    const pc = $('paste-controller');
    const keep = pc.value;
    fillSelect(pc, names.map((n) => [n, n]), names.includes(keep) ? keep : names[0]);
  }

  function renderTurn() {
    const t = turn();
    fillSelect($('turn-step'), STEPS.map(([k, n]) => [k, n]), t.step);
    $('turn-number').value = t.number ?? '';
    refreshPlayerSelects();
  }

  function renderEditor() {
    renderTurn();
    const box = $('players');
    const names = playerNames();
    const perms = permanents();
    const blocks = players().map((p, pi) => {
      const name = String(p.name ?? '');
      const rows = [];
      perms.forEach((perm, i) => {
        if (String(perm.controller ?? '') === name) rows.push(permanentRow(perm, i));
      });
      const nameInput = el('input', {
        'data-testid': 'player-name', 'data-path': `player.${pi}.name`, value: name,
        'aria-label': `Player ${pi + 1} name`, autocomplete: 'off', class: 'player-name',
      });
      nameInput.addEventListener('input', () => renamePlayer(pi, nameInput.value));
      const life = el('input', {
        type: 'number', 'data-testid': 'player-life', 'data-path': `player.${pi}.life`,
        value: p.life ?? '', placeholder: '20', 'aria-label': `${name || 'Player'}'s life`, class: 'life',
      });
      life.addEventListener('input', () => {
        setKey(p, 'life', life.value === '' ? undefined : Number(life.value));
        changed();
      });
      const remove = el('button', {
        type: 'button', 'data-testid': 'player-remove', class: 'quiet small',
        'aria-label': `Remove ${name || 'this player'} and their permanents`, text: 'Remove player',
      });
      remove.disabled = names.length <= 2;
      remove.addEventListener('click', () => removePlayer(pi));

      const addName = el('input', {
        'data-testid': 'add-card-name', list: 'card-names', placeholder: 'Card name',
        'aria-label': `Card to add for ${name || 'this player'}`, autocomplete: 'off',
      });
      addName.addEventListener('input', () => complete(addName.value));
      const addBtn = el('button', { type: 'submit', 'data-testid': 'add-card', text: 'Add' });
      const addForm = el('form', { class: 'add-card', 'data-testid': 'add-card-form' }, addName, addBtn);
      addForm.addEventListener('submit', (ev) => {
        ev.preventDefault();
        const card = addName.value.trim();
        if (!card) return;
        addPermanent(card, String(players()[pi].name ?? ''));
        addName.value = '';
        // Focus the new row's neighbour, the add box, for typing the next card.
        const again = document.querySelector(`[data-testid="player-editor"][data-index="${pi}"] [data-testid="add-card-name"]`);
        if (again) again.focus();
      });

      return el('fieldset', { class: 'player', 'data-testid': 'player-editor', 'data-player': name, 'data-index': pi, 'data-path': `player.${pi}` },
        el('legend', { class: 'visually-hidden', text: `Player ${pi + 1}` }),
        el('div', { class: 'row player-head' },
          el('span', { class: 'field' }, nameInput),
          el('label', { class: 'inline' }, 'Life ', el('span', { class: 'field' }, life)),
          remove),
        rows.length
          ? el('div', { class: 'perm-table', role: 'list' }, rows)
          : el('p', { class: 'hint', text: 'No permanents.' }),
        addForm);
    });
    // Permanents whose controller is no player: listed so they can be fixed.
    const orphans = [];
    perms.forEach((perm, i) => {
      if (!names.includes(String(perm.controller ?? ''))) orphans.push(permanentRow(perm, i, true));
    });
    if (orphans.length) {
      blocks.push(el('fieldset', { class: 'player orphans', 'data-testid': 'orphan-permanents' },
        el('legend', { text: 'Controlled by no player' }), el('div', { class: 'perm-table' }, orphans)));
    }
    fill(box, ...blocks);
    renderCardDefs();
    applyFieldErrors();
  }

  function field(input) {
    return el('span', { class: 'field' }, input);
  }

  function permanentRow(perm, i, orphan = false) {
    const label = permLabel(perm) || `permanent ${i + 1}`;
    const input = (testid, key, attrs) => {
      const node = el('input', { 'data-testid': testid, 'data-path': `permanent.${i}.${key}`, autocomplete: 'off', ...attrs });
      return node;
    };
    const card = input('perm-card', 'card', { value: perm.card ?? '', list: 'card-names', 'aria-label': `Card name of permanent ${i + 1}`, class: 'card-name' });
    card.addEventListener('input', () => {
      perm.card = card.value;
      complete(card.value);
      changed();
    });
    const lab = input('perm-label', 'label', { value: perm.label ?? '', placeholder: 'label', 'aria-label': `Label of ${label}`, class: 'label' });
    lab.addEventListener('input', () => { setKey(perm, 'label', lab.value); changed(); });
    const tapped = input('perm-tapped', 'tapped', { type: 'checkbox', checked: perm.tapped === true, 'aria-label': `${label} is tapped` });
    tapped.addEventListener('change', () => { setKey(perm, 'tapped', tapped.checked || undefined); changed(); });
    const sick = input('perm-sick', 'summoning_sick', { type: 'checkbox', checked: perm.summoning_sick === true, 'aria-label': `${label} is summoning sick` });
    sick.addEventListener('change', () => { setKey(perm, 'summoning_sick', sick.checked || undefined); changed(); });
    const damage = input('perm-damage', 'damage', { type: 'number', min: 0, value: perm.damage ?? '', placeholder: '0', 'aria-label': `Damage on ${label}`, class: 'num' });
    damage.addEventListener('input', () => {
      setKey(perm, 'damage', damage.value === '' ? undefined : Number(damage.value));
      changed();
    });
    const counters = input('perm-counters', 'counters', {
      value: countersText(perm.counters), placeholder: 'counters', title: 'Counters, as kind=n, separated by commas', 'aria-label': `Counters on ${label}, as kind=n, separated by commas`, class: 'counters',
    });
    counters.addEventListener('input', () => {
      const parsed = parseCounters(counters.value);
      localError(counters, parsed.error);
      if (parsed.error) return;
      setKey(perm, 'counters', parsed.value);
      changed();
    });
    const attached = input('perm-attached', 'attached_to', { value: perm.attached_to ?? '', placeholder: 'attached to', title: 'The label of what it is attached to', 'aria-label': `What ${label} is attached to (a label)`, class: 'label' });
    attached.addEventListener('input', () => { setKey(perm, 'attached_to', attached.value.trim()); changed(); });
    const remove = el('button', { type: 'button', class: 'quiet small icon', 'data-testid': 'perm-remove', 'aria-label': `Remove ${label}`, title: 'Remove', text: '✕' });
    remove.addEventListener('click', () => {
      state.model.permanent.splice(i, 1);
      if (!state.model.permanent.length) delete state.model.permanent;
      changed({ structure: true });
    });
    let controller = null;
    if (orphan) {
      controller = input('perm-controller', 'controller', { value: perm.controller ?? '', 'aria-label': `Controller of ${label}`, class: 'label' });
      controller.addEventListener('input', () => { perm.controller = controller.value; changed(); });
    }
    return el('div', { class: 'perm-row', role: 'listitem', 'data-testid': 'perm-row', 'data-index': i, 'data-path': `permanent.${i}` },
      el('div', { class: 'perm-main' }, field(card), field(lab), controller && field(controller),
        remove),
      el('div', { class: 'perm-more' },
        el('label', { class: 'check' }, tapped, 'tapped'),
        el('label', { class: 'check' }, sick, 'sick'),
        el('label', { class: 'inline' }, 'dmg ', field(damage)),
        el('label', { class: 'inline grow' }, el('span', { class: 'visually-hidden', text: 'counters' }), field(counters)),
        el('label', { class: 'inline grow' }, el('span', { class: 'visually-hidden', text: 'attached to' }), field(attached))));
  }

  function countersText(c) {
    if (!c || typeof c !== 'object') return '';
    return Object.entries(c).map(([k, v]) => `${k}=${v}`).join(', ');
  }

  function parseCounters(text) {
    const value = {};
    const parts = text.split(',').map((s) => s.trim()).filter(Boolean);
    for (const part of parts) {
      const m = /^(.+?)\s*=\s*(-?\d+)$/.exec(part);
      if (!m) return { error: { message: `"${part}" is not a counter`, help: 'write each counter as kind=n, e.g. +1/+1=2, charge=1' } };
      value[m[1].trim()] = Number(m[2]);
    }
    return { value: parts.length ? value : undefined };
  }

  function renderCardDefs() {
    const defs = cardDefs();
    const box = $('card-defs');
    if (!defs.length) { fill(box); return; }
    const rows = defs.map((def, i) => {
      const inp = (key, testid, attrs = {}) => {
        const tag = key === 'text' ? 'textarea' : 'input';
        const node = el(tag, { 'data-testid': testid, 'data-path': `card.${i}.${key}`, 'aria-label': `${key} of card ${def.name || i + 1}`, autocomplete: 'off', ...attrs });
        node.value = def[key] ?? '';
        node.addEventListener('input', () => {
          const numeric = key === 'loyalty' && /^\d+$/.test(node.value.trim());
          setKey(def, key, numeric ? Number(node.value.trim()) : node.value);
          changed();
        });
        return field(node);
      };
      const remove = el('button', { type: 'button', class: 'quiet small icon', 'data-testid': 'card-def-remove', 'aria-label': `Remove the card ${def.name || ''}`, title: 'Remove', text: '✕' });
      remove.addEventListener('click', () => {
        state.model.card.splice(i, 1);
        if (!state.model.card.length) delete state.model.card;
        changed({ structure: true });
      });
      return el('div', { class: 'card-def', 'data-testid': 'card-def', 'data-index': i, 'data-path': `card.${i}` },
        el('div', { class: 'row' }, inp('name', 'card-def-name', { placeholder: 'name' }), inp('cost', 'card-def-cost', { placeholder: 'cost', class: 'cost' }), inp('pt', 'card-def-pt', { placeholder: 'P/T', class: 'num' }), inp('loyalty', 'card-def-loyalty', { placeholder: 'loyalty', class: 'num' }), remove),
        el('div', { class: 'row' }, inp('type', 'card-def-type', { placeholder: 'type line' })),
        el('div', { class: 'row' }, inp('text', 'card-def-text', { rows: 2, placeholder: 'rules text' })));
    });
    fill(box, el('fieldset', { class: 'player cards' }, el('legend', { text: 'Cards defined in this scenario' }), rows));
  }

  function renamePlayer(pi, name) {
    const p = players()[pi];
    const old = String(p.name ?? '');
    p.name = name;
    const t = turn();
    if (t.active === old) t.active = name;
    if (t.defending === old) t.defending = name;
    for (const perm of permanents()) {
      if (perm.controller === old) perm.controller = name;
      if (perm.owner === old) perm.owner = name;
      if (perm.attacking === old) perm.attacking = name;
    }
    const fs = document.querySelector(`[data-testid="player-editor"][data-index="${pi}"]`);
    if (fs) fs.setAttribute('data-player', name);
    refreshPlayerSelects();
    changed();
  }

  function removePlayer(pi) {
    const name = String(players()[pi].name ?? '');
    state.model.player.splice(pi, 1);
    if (Array.isArray(state.model.permanent)) {
      state.model.permanent = state.model.permanent.filter((p) => p.controller !== name);
      if (!state.model.permanent.length) delete state.model.permanent;
    }
    const t = turn();
    const names = playerNames();
    if (t.active === name) t.active = names[0];
    if (t.defending === name) delete t.defending;
    changed({ structure: true });
  }

  function addPlayer() {
    const names = new Set(playerNames());
    let name = PLAYER_NAMES.find((n) => !names.has(n));
    for (let k = names.size + 1; !name; k += 1) if (!names.has(`Player ${k}`)) name = `Player ${k}`;
    if (!Array.isArray(state.model.player)) state.model.player = [];
    state.model.player.push({ name });
    changed({ structure: true });
  }

  /** A label no object has yet, for a second copy of a card. */
  function freshLabel(card) {
    const taken = new Set(permanents().map(permLabel));
    for (const p of players()) {
      for (const zone of ['hand', 'library', 'graveyard', 'removed']) {
        for (const c of Array.isArray(p[zone]) ? p[zone] : []) taken.add(typeof c === 'string' ? c : String(c.label || c.card || ''));
      }
    }
    if (!taken.has(card)) return undefined;
    for (let k = 2; ; k += 1) if (!taken.has(`${card} #${k}`)) return `${card} #${k}`;
  }

  function addPermanent(card, controller) {
    const perm = { card, controller };
    const label = freshLabel(card);
    if (label) perm.label = label;
    if (!Array.isArray(state.model.permanent)) state.model.permanent = [];
    state.model.permanent.push(perm);
    changed({ structure: true });
  }

  // Name completion: one datalist shared by every card-name input, filled for the one typed in.
  let completeTimer = null;
  let completeSeq = 0;
  function complete(text) {
    clearTimeout(completeTimer);
    const q = text.trim();
    if (q.length < 2) return;
    completeTimer = setTimeout(async () => {
      const seq = ++completeSeq;
      const { status, json } = await api(`/api/cards?q=${encodeURIComponent(q)}&limit=20`);
      if (seq !== completeSeq || status !== 200) return;
      fill($('card-names'), ...json.cards.map((c) => el('option', { value: c.name, label: c.type_line })));
    }, 120);
  }

  function renderExtraKeys() {
    const m = state.model;
    const parts = [];
    const exp = m.expect;
    if (exp && typeof exp === 'object') {
      let n = 0;
      for (const [k, v] of Object.entries(exp)) n += Array.isArray(v) ? v.length : 1;
      parts.push(`${n} expectation${n === 1 ? '' : 's'}`);
    }
    if (Array.isArray(m.action)) parts.push(`${m.action.length} script action${m.action.length === 1 ? '' : 's'}`);
    if (Array.isArray(m.resolved)) parts.push(`${m.resolved.length} resolved object${m.resolved.length === 1 ? '' : 's'}`);
    for (const k of Object.keys(m)) {
      if (!EDITED.has(k) && !['expect', 'action', 'resolved'].includes(k)) parts.push(`${k}`);
    }
    const box = $('extra-keys');
    box.hidden = parts.length === 0;
    box.textContent = parts.length ? `Also in this scenario: ${parts.join(', ')} — kept when saved.` : '';
  }

  // ---- errors --------------------------------------------------------------------------------

  function showBanner(error, where) {
    const b = $('banner');
    if (!error) { b.hidden = true; fill(b); return; }
    const loc = error.line ? ` (line ${error.line}, column ${error.column})` : '';
    fill(b, 
      el('strong', { text: `${where ? `${where}: ` : ''}${error.message}${loc}` }),
      error.path ? el('span', { class: 'path', text: ` at ${error.path.join('.')}` }) : null,
      error.help ? el('div', { class: 'help', text: error.help }) : null);
    b.hidden = false;
  }

  function clearFieldErrors() {
    for (const n of document.querySelectorAll('.field-error.mapped')) n.remove();
    for (const n of document.querySelectorAll('.invalid.mapped-invalid')) n.classList.remove('invalid', 'mapped-invalid');
  }

  function errorBox(error, extra) {
    return el('div', { class: `field-error ${extra || ''}`, 'data-testid': 'field-error', role: 'alert' },
      el('div', { class: 'message', text: error.message }),
      error.help ? el('div', { class: 'help', text: error.help }) : null);
  }

  /** Marks the editor field a 422's path points at; a path the editor has no field for goes to the banner. */
  function applyFieldErrors() {
    clearFieldErrors();
    const error = state.scenarioError;
    if (!error) { showBanner(null); return; }
    const path = Array.isArray(error.path) ? error.path.map(String) : null;
    let target = null;
    if (path) {
      for (let n = path.length; n > 0 && !target; n -= 1) {
        target = document.querySelector(`[data-path="${CSS.escape(path.slice(0, n).join('.'))}"]`);
      }
    }
    if (!target) { showBanner(error, 'The scenario doesn\'t load'); return; }
    showBanner(null);
    target.classList.add('invalid', 'mapped-invalid');
    const box = errorBox(error, 'mapped');
    if (target.matches('fieldset, .perm-row, .card-def')) { target.append(box); return; }
    // Under the line the field is on, so the line keeps its layout.
    const line = target.closest('.perm-main, .perm-more, .player-head, .card-def .row, .turn .row, .paste-form > label');
    (line || target.closest('.field') || target).after(box);
  }

  /** An error the page itself finds in what was typed (counters), shown under the field. */
  function localError(input, error) {
    const line = input.closest('.perm-main, .perm-more, .row') || input.closest('.field') || input;
    const next = line.nextElementSibling;
    if (next && next.classList.contains('local')) next.remove();
    input.classList.toggle('invalid', !!error);
    if (error) line.after(errorBox(error, 'local'));
  }

  // ---- the board view ------------------------------------------------------------------------

  let showTimer = null;
  function scheduleShow() {
    clearTimeout(showTimer);
    setStatus('editing…', 'pending');
    showTimer = setTimeout(refreshBoard, 250);
  }

  function setStatus(text, kind) {
    const s = $('board-status');
    s.textContent = text;
    s.dataset.state = kind;
  }

  function request(extra) {
    const body = { scenario: state.model, ...extra };
    const ed = $('edition').value;
    if (ed) body.edition = ed;
    return body;
  }

  async function refreshBoard() {
    const seq = ++state.showSeq;
    const snapshot = JSON.stringify(state.model);
    setStatus('updating…', 'pending');
    const { status, json } = await api('/api/show', request());
    if (seq !== state.showSeq) return;
    if (status === 200) {
      state.board = json.board;
      state.boardFor = snapshot;
      state.stale = false;
      state.scenarioError = null;
      $('description').hidden = !json.description;
      $('description').textContent = json.description || '';
      pruneDeclaration();
      setStatus('up to date', 'ok');
    } else {
      state.stale = !!state.board;
      state.scenarioError = json.error || { message: `the server answered ${status}` };
      setStatus(state.board ? 'stale: the scenario has an error' : 'the scenario has an error', 'error');
    }
    applyFieldErrors();
    renderBoard();
    renderDeclaration();
    check();
  }

  function boardPlayers(board) { return board ? board.players : []; }
  function boardPerm(label) {
    for (const p of boardPlayers(state.board)) for (const perm of p.permanents) if (perm.label === label) return { perm, player: p };
    return null;
  }
  const isCreature = (perm) => /\bCreature\b/.test(perm.type_line || '');
  const isPlaneswalker = (perm) => /\bPlaneswalker\b/.test(perm.type_line || '') || perm.loyalty !== undefined && perm.loyalty !== null;

  function defendingPlayer() {
    return state.board ? state.board.defending_player : null;
  }

  /** What an attacker may attack: the defending player and his or her planeswalkers. */
  function attackTargets() {
    const d = defendingPlayer();
    if (!d) return [];
    const out = [d];
    const p = boardPlayers(state.board).find((x) => x.name === d);
    if (p) for (const perm of p.permanents) if (isPlaneswalker(perm)) out.push(perm.label);
    return out;
  }

  /** The attackers a block answers: the clicked ones, or those already attacking. */
  function currentAttackers() {
    if (currentStep() <= DECLARE_ATTACKERS) return [...state.attackers.keys()];
    const out = [];
    for (const p of boardPlayers(state.board)) for (const perm of p.permanents) if (perm.attacking) out.push(perm.label);
    return out;
  }

  function boardOrder() {
    const order = new Map();
    let k = 0;
    for (const p of boardPlayers(state.board)) for (const perm of p.permanents) order.set(perm.label, k++);
    return order;
  }

  function attackText() {
    const order = boardOrder();
    const d = defendingPlayer();
    return [...state.attackers.entries()]
      .sort((a, b) => (order.get(a[0]) ?? 1e9) - (order.get(b[0]) ?? 1e9))
      .map(([label, target]) => (target && target !== d ? `${label}->${target}` : label))
      .join(', ');
  }

  function blockText() {
    return state.blocks.map(([b, a]) => `${b}=${a}`).join(', ');
  }

  /** Forgets clicked creatures that are gone from the board (renamed, removed). */
  function pruneDeclaration() {
    const active = state.board.active_player;
    for (const label of [...state.attackers.keys()]) {
      const found = boardPerm(label);
      if (!found || found.player.name !== active) state.attackers.delete(label);
    }
    const attackers = new Set(currentAttackers());
    state.blocks = state.blocks.filter(([b, a]) => boardPerm(b) && attackers.has(a));
    if (state.pendingBlocker && !boardPerm(state.pendingBlocker)) state.pendingBlocker = null;
  }

  function renderBoard() {
    const view = $('board-view');
    view.dataset.stale = state.stale ? 'true' : 'false';
    view.classList.toggle('stale', state.stale);
    if (!state.board) {
      fill(view, el('p', { class: 'hint', text: state.scenarioError ? 'No board yet: fix the error in the scenario.' : 'Loading…' }));
      return;
    }
    fill(view, boardNodes(state.board, true));
  }

  function boardNodes(board, interactive) {
    const frag = document.createDocumentFragment();
    frag.append(el('div', { class: 'board-turn', 'data-testid': 'board-turn' },
      `Turn ${board.turn} of ${board.active_player}: ${STEP_NAME[board.step] || board.step} (${board.step_rule})`,
      board.defending_player ? ` — ${board.defending_player} defends` : '',
      ` — rules of ${board.edition}`));
    const attackers = new Set(interactive ? currentAttackers() : []);
    for (const p of board.players) {
      const zones = [
        ['hand', p.hand], ['library', p.library], ['graveyard', p.graveyard], ['removed', p.removed_from_game],
      ].filter(([, z]) => z && z.length).map(([n, z]) => `${n}: ${z.length}`);
      const role = p.name === board.active_player ? 'active' : p.name === board.defending_player ? 'defending' : '';
      const tiles = p.permanents.map((perm) => tile(perm, p, board, interactive, attackers));
      frag.append(el('div', { class: `board-player ${role}`, 'data-testid': 'board-player', 'data-player': p.name },
        el('div', { class: 'board-player-head' },
          el('span', { class: 'pname', text: p.name }),
          role ? el('span', { class: `role ${role}`, text: role }) : null,
          el('span', { class: 'life', 'data-testid': 'board-life', text: `♥ ${p.life}` }),
          el('span', { class: 'zones', text: zones.join(' · ') }),
          board.players.length && p.poison ? el('span', { text: `poison ${p.poison}` }) : null),
        tiles.length ? el('div', { class: 'tiles' }, tiles) : el('p', { class: 'hint', text: 'No permanents in play.' })));
    }
    return frag;
  }

  function tile(perm, player, board, interactive, attackers) {
    const classes = ['tile'];
    const badges = [];
    let clickable = false;
    let attacking = perm.attacking;
    let blocking = perm.blocking && perm.blocking.length ? perm.blocking.slice() : [];
    let extra = null;
    if (interactive) {
      const creature = isCreature(perm);
      if (state.mode === 'attack' && player.name === board.active_player && creature) {
        clickable = true;
        if (state.attackers.has(perm.label)) {
          attacking = state.attackers.get(perm.label) || board.defending_player;
          const targets = attackTargets();
          if (targets.length > 1) {
            const sel = el('select', { 'data-testid': 'attack-target', 'aria-label': `What ${perm.label} attacks` },
              targets.map((t) => el('option', { value: t, text: t })));
            sel.value = attacking;
            sel.addEventListener('click', (ev) => ev.stopPropagation());
            sel.addEventListener('change', () => {
              state.attackers.set(perm.label, sel.value === board.defending_player ? '' : sel.value);
              declarationChanged();
            });
            extra = el('label', { class: 'tile-select' }, 'attacks ', sel);
          }
        }
      }
      if (state.mode === 'block' && player.name === board.defending_player && creature) {
        clickable = true;
        blocking = state.blocks.filter(([b]) => b === perm.label).map(([, a]) => a);
        if (state.pendingBlocker === perm.label) classes.push('pending');
        if (attackers.size) {
          const sel = el('select', { 'data-testid': 'block-select', 'aria-label': `What ${perm.label} blocks` },
            el('option', { value: '', text: '— no block —' }),
            [...attackers].map((a) => el('option', { value: a, text: a })));
          sel.value = blocking.length === 1 ? blocking[0] : '';
          sel.addEventListener('click', (ev) => ev.stopPropagation());
          sel.addEventListener('change', () => {
            state.blocks = state.blocks.filter(([b]) => b !== perm.label);
            if (sel.value) state.blocks.push([perm.label, sel.value]);
            state.pendingBlocker = null;
            declarationChanged();
          });
          extra = el('label', { class: 'tile-select' }, 'blocks ', sel);
        }
      }
      if (state.mode === 'block' && attackers.has(perm.label)) {
        attacking = attacking || (perm.attacking ?? state.attackers.get(perm.label)) || board.defending_player;
        if (state.pendingBlocker) { clickable = true; classes.push('target'); }
      }
      if (state.mode === 'block' && currentStep() <= DECLARE_ATTACKERS && state.attackers.has(perm.label)) {
        attacking = state.attackers.get(perm.label) || board.defending_player;
      }
    }
    if (perm.tapped) { classes.push('tapped'); badges.push(['tapped', 'tapped']); }
    if (perm.summoning_sick) { classes.push('sick'); badges.push(['sick', 'summoning sick']); }
    if (perm.token) badges.push(['token', 'token']);
    if (perm.damage) badges.push(['damage', `${perm.damage} damage`]);
    for (const [k, v] of Object.entries(perm.counters || {})) if (k !== 'loyalty') badges.push(['counter', `${k} ×${v}`]);
    if (perm.attached_to) badges.push(['attached', `on ${perm.attached_to}`]);
    if (attacking) { classes.push('attacking'); badges.push(['attacking', `attacks ${attacking}`]); }
    if (blocking.length) { classes.push('blocking'); badges.push(['blocking', `blocks ${blocking.join(', ')}`]); }
    if (perm.blocked) badges.push(['blocked', 'blocked']);
    if (clickable) classes.push('clickable');
    let stats = null;
    if (perm.power !== undefined && perm.power !== null) stats = `${perm.power}/${perm.toughness}`;
    else if (perm.loyalty !== undefined && perm.loyalty !== null) stats = `loyalty ${perm.loyalty}`;
    const node = el(clickable ? 'button' : 'div', {
      class: classes.join(' '), 'data-testid': 'tile', 'data-label': perm.label, 'data-player': player.name,
      'data-attacking': attacking ? 'true' : null, 'data-blocking': blocking.length ? blocking.join(',') : null,
      type: clickable ? 'button' : null,
      'aria-pressed': clickable ? String(!!attacking && state.mode === 'attack' || blocking.length > 0 && state.mode === 'block') : null,
    },
    el('span', { class: 'tile-name', text: perm.label }),
    perm.label !== perm.card ? el('span', { class: 'tile-card', text: perm.card }) : null,
    el('span', { class: 'tile-type', text: perm.type_line }),
    perm.abilities && perm.abilities.length
      ? el('span', { class: 'tile-abilities' }, perm.abilities.map((a) => el('span', { class: 'ability', text: a })))
      : null,
    badges.length ? el('span', { class: 'badges' }, badges.map(([k, t]) => el('span', { class: `badge ${k}`, text: t }))) : null,
    stats ? el('span', { class: 'tile-pt', 'data-testid': 'tile-pt', text: stats }) : null);
    if (clickable) node.addEventListener('click', () => tileClicked(perm, player));
    if (!extra) return node;
    return el('div', { class: 'tile-wrap' }, node, extra);
  }

  function tileClicked(perm, player) {
    const board = state.board;
    if (state.mode === 'attack') {
      if (state.attackers.has(perm.label)) state.attackers.delete(perm.label);
      else state.attackers.set(perm.label, '');
      declarationChanged();
      return;
    }
    if (state.mode !== 'block') return;
    if (player.name === board.defending_player && isCreature(perm) && !currentAttackers().includes(perm.label)) {
      if (state.blocks.some(([b]) => b === perm.label)) {
        state.blocks = state.blocks.filter(([b]) => b !== perm.label); // click again: undo
        state.pendingBlocker = null;
      } else {
        state.pendingBlocker = state.pendingBlocker === perm.label ? null : perm.label;
      }
      declarationChanged();
      return;
    }
    if (state.pendingBlocker && currentAttackers().includes(perm.label)) {
      state.blocks.push([state.pendingBlocker, perm.label]);
      state.pendingBlocker = null;
      declarationChanged();
    }
  }

  function declarationChanged() {
    renderBoard();
    renderDeclaration();
    check();
  }

  // ---- declaring -----------------------------------------------------------------------------

  function renderDeclaration() {
    const s = currentStep();
    const canAttack = s <= DECLARE_ATTACKERS;
    const canBlock = s <= DECLARE_BLOCKERS;
    $('mode-attack').disabled = !canAttack;
    $('mode-block').disabled = !canBlock;
    $('mode-attack').setAttribute('aria-pressed', String(state.mode === 'attack'));
    $('mode-block').setAttribute('aria-pressed', String(state.mode === 'block'));
    const hint = $('mode-hint');
    const b = state.board;
    if (state.mode === 'attack') {
      hint.textContent = b ? `Click ${b.active_player}'s creatures to attack with them.` : '';
    } else if (state.mode === 'block') {
      hint.textContent = b
        ? (state.pendingBlocker
          ? `Now click the attacker ${state.pendingBlocker} blocks.`
          : `Click one of ${b.defending_player || 'the defending player'}'s creatures, then the attacker it blocks; click a blocker again to undo.`)
        : '';
    } else {
      hint.textContent = 'The scenario starts after blockers were declared: there is nothing to declare, but the combat can be run.';
    }
    $('attack-text').textContent = canAttack ? (attackText() || '(no attackers)') : '(declared in the scenario)';
    $('block-line').hidden = !canBlock || (state.mode === 'attack' && !state.blocks.length);
    $('block-text').textContent = blockText() || '(no blockers)';
    $('optimal').disabled = state.mode === 'none';
    $('count').disabled = state.mode === 'none';
    renderAnswers();
  }

  /** The declaration fields of a question about the current mode. */
  function declarationFields(withDeclaration) {
    const out = {};
    if (state.mode === 'attack') {
      if (withDeclaration) out.attack = attackText();
    } else if (state.mode === 'block') {
      if (currentStep() <= DECLARE_ATTACKERS) out.attack = attackText();
      if (withDeclaration) out.block = blockText();
    }
    return out;
  }

  function setDeclError(error) {
    const box = $('decl-error');
    if (!error) { box.hidden = true; fill(box); return; }
    fill(box, el('div', { class: 'message', text: `${error.field ? `${error.field}: ` : ''}${error.message}` }),
      error.help ? el('div', { class: 'help', text: error.help }) : null);
    box.hidden = false;
  }

  async function check() {
    const seq = ++state.checkSeq;
    const verdict = $('verdict');
    const list = $('explanation');
    const witness = $('witness');
    if (state.mode === 'none' || !state.board) {
      verdict.dataset.state = 'idle';
      verdict.className = 'verdict';
      verdict.textContent = state.mode === 'none' ? '' : 'No board to judge on yet.';
      fill(list);
      witness.hidden = true;
      return;
    }
    const fields = declarationFields(true);
    const declaration = state.mode === 'attack' ? fields.attack : fields.block;
    verdict.dataset.state = 'pending';
    verdict.dataset.declaration = declaration;
    verdict.classList.add('pending');
    const { status, json } = await api('/api/check', request(fields));
    if (seq !== state.checkSeq) return;
    verdict.classList.remove('pending');
    verdict.dataset.state = 'done';
    if (status !== 200) {
      const error = json.error || {};
      setDeclError(error.field ? error : null);
      verdict.className = 'verdict unknown';
      verdict.dataset.verdict = 'error';
      verdict.textContent = error.field ? 'The declaration can\'t be judged.' : 'Can\'t judge: the scenario has an error.';
      fill(list);
      witness.hidden = true;
      return;
    }
    setDeclError(null);
    const what = declaration ? `“${declaration}”` : (state.mode === 'attack' ? 'No attack' : 'No block');
    const words = {
      legal: 'is legal',
      'breaks-restrictions': 'breaks a restriction',
      'too-few-requirements': 'obeys too few requirements',
      undecided: 'could not be decided within the search budget',
    };
    const word = json.legal ? 'legal' : json.verdict === 'undecided' ? 'undecided' : 'illegal';
    verdict.className = `verdict ${json.legal ? 'legal' : json.verdict === 'undecided' ? 'unknown' : 'illegal'}`;
    verdict.dataset.verdict = json.verdict;
    fill(verdict, 
      el('span', { class: 'verdict-word', text: word }),
      ` ${what} ${words[json.verdict] || json.verdict}`,
      json.maximum && json.obeyed !== null && json.obeyed !== undefined
        ? el('span', { class: 'muted', text: ` — obeys ${json.obeyed} of the ${json.maximum} requirement${json.maximum === 1 ? '' : 's'} that can be obeyed at once` })
        : null);
    fill(list, ...(json.explanation || []).map((line) => el('li', { 'data-testid': 'explanation', text: line })));
    if (json.witness !== null && json.witness !== undefined && !json.legal) {
      const use = el('button', { type: 'button', 'data-testid': 'use-witness', class: 'small', text: 'Use it' });
      use.addEventListener('click', () => useDeclaration(json.witness));
      fill(witness, 'A legal declaration instead: ', el('code', { text: json.witness || '(none)' }), ' ', use);
      witness.hidden = false;
    } else {
      witness.hidden = true;
    }
  }

  /** Takes a declaration string (a witness, an optimum) as the clicked declaration. */
  function useDeclaration(text) {
    const parts = text.split(',').map((s) => s.trim()).filter(Boolean);
    if (state.mode === 'attack') {
      state.attackers = new Map();
      for (const part of parts) {
        const [label, target] = part.split('->').map((s) => s.trim());
        state.attackers.set(label, target && target !== defendingPlayer() ? target : '');
      }
    } else if (state.mode === 'block') {
      state.blocks = parts.map((part) => part.split('=').map((s) => s.trim()));
      state.pendingBlocker = null;
    }
    declarationChanged();
  }

  function questionKey() {
    return JSON.stringify([state.model, $('edition').value, state.mode, declarationFields(false)]);
  }

  function renderAnswers() {
    const key = questionKey();
    const opt = $('optimal-result');
    opt.hidden = !state.optimal || state.optimal.key !== key;
    const cnt = $('count-result');
    cnt.hidden = !state.count || state.count.key !== key;
  }

  async function ask(which) {
    if (state.mode === 'none') return;
    const key = questionKey();
    const endpoint = state.mode === 'attack' ? '/api/attacks' : '/api/blocks';
    const box = which === 'optimal' ? $('optimal-result') : $('count-result');
    box.hidden = false;
    box.dataset.state = 'pending';
    box.textContent = 'Thinking…';
    const { status, json } = await api(endpoint, request(declarationFields(false)));
    if (questionKey() !== key) return;
    box.dataset.state = 'done';
    state[which] = { key };
    if (status !== 200) {
      const error = json.error || {};
      fill(box, el('span', { class: 'bad', text: `Can't answer: ${error.message || status}` }),
        error.help ? el('div', { class: 'help', text: error.help }) : null);
      return;
    }
    if (json.undecided) {
      fill(box, el('span', { class: 'bad', text: 'Undecided: the search ran out of budget.' }));
      return;
    }
    if (which === 'optimal') {
      const use = el('button', { type: 'button', 'data-testid': 'use-optimal', class: 'small', text: 'Use it' });
      use.addEventListener('click', () => useDeclaration(json.optimum));
      fill(box, 'An optimal declaration: ', el('code', { 'data-testid': 'optimum', text: json.optimum || '(declare nothing)' }),
        ` — maximum ${json.maximum} of ${json.requirements} requirement${json.requirements === 1 ? '' : 's'} obeyed at once. `, use);
    } else {
      const n = json.count;
      fill(box, el('strong', { 'data-testid': 'count-value', text: n }),
        ` legal ${state.mode === 'attack' ? 'attack' : 'block'} declaration${n === '1' ? '' : 's'}`);
    }
  }

  // ---- running -------------------------------------------------------------------------------

  /** The scenario with the clicked declarations appended to its script, and notes on what
   * was left out: a declaration the script makes itself stays the script's. */
  function runScenario() {
    const m = JSON.parse(JSON.stringify(state.model));
    const actions = Array.isArray(m.action) ? m.action : [];
    const notes = [];
    const b = state.board;
    const s = currentStep();
    const scripted = (key) => actions.some((a) => a && typeof a === 'object' && key in a);
    if (b && s <= DECLARE_ATTACKERS) {
      if (scripted('attack')) notes.push('The scenario\'s script declares attackers itself: the clicked attack was not added.');
      else actions.push({ player: b.active_player, attack: attackText() });
    }
    if (b && s <= DECLARE_BLOCKERS && (state.mode === 'block' || state.blocks.length) && b.defending_player) {
      if (scripted('block')) notes.push('The scenario\'s script declares blockers itself: the clicked blocks were not added.');
      else actions.push({ player: b.defending_player, block: blockText() });
    }
    if (actions.length) m.action = actions;
    return { scenario: m, notes };
  }

  async function run() {
    const box = $('run-result');
    box.hidden = false;
    box.dataset.state = 'pending';
    $('run-ending').textContent = 'running…';
    fill($('log'));
    fill($('board-after'));
    $('run-failures').hidden = true;
    const body = request({});
    const { scenario, notes } = runScenario();
    body.scenario = scenario;
    const { status, json } = await api('/api/run', body);
    box.dataset.state = 'done';
    fill($('run-notes'), notes.map((n) => el('p', { class: 'hint', text: n })));
    if (status !== 200) {
      const error = json.error || {};
      $('run-ending').textContent = '';
      $('run-failures').hidden = false;
      fill($('run-failures'), errorBox(error, 'run-error'));
      $('log-next').hidden = true;
      $('log-all').hidden = true;
      state.run = null;
      return;
    }
    const groups = [];
    // The answer's `log` is each event as `skirmish run` prints it, in the words and rule
    // numbers of the edition in force: the page never words events itself.
    const log = json.log || [];
    for (const [i, e] of json.events.entries()) {
      const line = log[i] !== undefined ? String(log[i]) : `[${e.rule}] ${e.event}`;
      if (e.event === 'step-begins' || !groups.length) {
        groups.push({ heading: e.event === 'step-begins' ? line : 'Before the first step', lines: e.event === 'step-begins' ? [] : [line] });
      } else {
        groups[groups.length - 1].lines.push(line);
      }
    }
    state.run = { groups, board: json.board };
    state.runShown = Math.min(1, groups.length);
    $('run-ending').textContent = `ended: ${json.ending}`;
    const failures = json.failures || [];
    $('run-failures').hidden = failures.length === 0;
    fill($('run-failures'), ...failures.map((f) => el('div', { class: 'field-error', text: typeof f === 'string' ? f : JSON.stringify(f) })));
    renderLog();
    fill($('board-after'), boardNodes(json.board, false));
    box.scrollIntoView({ block: 'nearest' });
  }

  function renderLog() {
    const { groups } = state.run;
    const shown = groups.slice(0, state.runShown).map((g, i) => el('li', { class: 'log-step', 'data-testid': 'log-step', 'data-index': i },
      el('h4', { 'data-testid': 'log-step-heading', text: g.heading }),
      g.lines.length ? el('ul', {}, g.lines.map((l) => el('li', { 'data-testid': 'log-line', class: /\] .* deals \d+ damage/.test(l) ? 'damage' : '', text: l }))) : null));
    fill($('log'), ...shown);
    const more = state.runShown < groups.length;
    $('log-next').hidden = !more;
    $('log-all').hidden = !more;
    $('log-next').textContent = more ? `Next step (${groups.length - state.runShown} more)` : 'Next step';
  }

  // ---- files ---------------------------------------------------------------------------------

  async function openFile(file) {
    const text = await file.text();
    const { status, json } = await api('/api/scenario/parse', { toml: text, name: file.name });
    if (status !== 200) {
      showBanner(json.error || { message: `the server answered ${status}` }, `${file.name} can't be opened`);
      return;
    }
    load(json.scenario, file.name, text);
  }

  /** A board to edit: `original` is the text of the file it was opened from, so saving keeps
   * that file's comments and layout. */
  function load(model, fileName, original = null) {
    state.model = model;
    state.fileName = fileName;
    state.original = original;
    state.attackers = new Map();
    state.blocks = [];
    state.pendingBlocker = null;
    state.modeStep = null;
    state.board = null;
    state.stale = false;
    state.scenarioError = null;
    state.run = null;
    $('run-result').hidden = true;
    $('file-name').textContent = fileName || 'new board';
    const ed = String(model.edition || '');
    const known = state.editions.find((e) => e.edition === ed || e.date === ed);
    $('edition').value = known ? known.edition : (state.editions.find((e) => e.default) || {}).edition || '';
    changed({ structure: true });
  }

  async function save() {
    const body = { scenario: state.model };
    if (state.original) body.original = state.original;
    const { status, json } = await api('/api/scenario/toml', body);
    if (status !== 200) {
      showBanner(json.error || { message: `the server answered ${status}` }, 'The scenario can\'t be saved');
      return;
    }
    const blob = new Blob([json.toml], { type: 'application/toml' });
    const url = URL.createObjectURL(blob);
    const a = el('a', { href: url, download: state.fileName || 'scenario.toml' });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  // ---- wiring --------------------------------------------------------------------------------

  function wire() {
    $('new-board').addEventListener('click', () => load(newBoard(), null));
    $('open-file').addEventListener('change', (ev) => {
      const f = ev.target.files && ev.target.files[0];
      if (f) openFile(f);
      ev.target.value = '';
    });
    $('save').addEventListener('click', save);
    $('edition').addEventListener('change', () => {
      const v = $('edition').value;
      const def = (state.editions.find((e) => e.default) || {}).edition;
      if (v === def && !state.model.edition) delete state.model.edition;
      else state.model.edition = v;
      changed();
    });
    $('turn-active').addEventListener('change', (ev) => {
      turn().active = ev.target.value;
      if (turn().defending === ev.target.value) delete turn().defending;
      state.attackers = new Map();
      state.blocks = [];
      refreshPlayerSelects();
      changed();
    });
    $('turn-step').addEventListener('change', (ev) => { turn().step = ev.target.value; changed(); });
    $('turn-number').addEventListener('input', (ev) => {
      const v = ev.target.value;
      setKey(turn(), 'number', v === '' ? undefined : Number(v));
      changed();
    });
    $('turn-defending').addEventListener('change', (ev) => {
      setKey(turn(), 'defending', ev.target.value);
      state.attackers = new Map();
      state.blocks = [];
      changed();
    });
    $('add-player').addEventListener('click', addPlayer);
    $('paste-name').addEventListener('input', (ev) => complete(ev.target.value));
    $('paste-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      const get = (id) => $(id).value.trim();
      const def = { name: get('paste-name'), type: get('paste-type') };
      if (get('paste-cost')) def.cost = get('paste-cost');
      if (get('paste-pt')) def.pt = get('paste-pt');
      if (get('paste-loyalty')) def.loyalty = /^\d+$/.test(get('paste-loyalty')) ? Number(get('paste-loyalty')) : get('paste-loyalty');
      const text = $('paste-text').value.replace(/\r\n/g, '\n').trim();
      if (text) def.text = text;
      if (!def.name || !def.type) return;
      if (!Array.isArray(state.model.card)) state.model.card = [];
      state.model.card.push(def);
      addPermanent(def.name, $('paste-controller').value);
      for (const id of ['paste-name', 'paste-type', 'paste-cost', 'paste-pt', 'paste-loyalty', 'paste-text']) $(id).value = '';
    });
    $('mode-attack').addEventListener('click', () => { state.mode = 'attack'; state.pendingBlocker = null; declarationChanged(); });
    $('mode-block').addEventListener('click', () => { state.mode = 'block'; state.pendingBlocker = null; declarationChanged(); });
    $('clear-decl').addEventListener('click', () => {
      if (state.mode === 'attack') state.attackers = new Map();
      state.blocks = [];
      state.pendingBlocker = null;
      declarationChanged();
    });
    $('optimal').addEventListener('click', () => ask('optimal'));
    $('count').addEventListener('click', () => ask('count'));
    $('run').addEventListener('click', run);
    $('log-next').addEventListener('click', () => {
      if (!state.run) return;
      state.runShown = Math.min(state.run.groups.length, state.runShown + 1);
      renderLog();
    });
    $('log-all').addEventListener('click', () => {
      if (!state.run) return;
      state.runShown = state.run.groups.length;
      renderLog();
    });
  }

  async function start() {
    wire();
    const { status, json } = await api('/api/editions');
    state.editions = status === 200 ? json.editions : [{ edition: '2009', date: '2009-02-01', default: true }];
    fillSelect($('edition'), state.editions.map((e) => [e.edition, `${e.edition === 'current' ? 'Current' : e.edition} (${e.date})`]),
      (state.editions.find((e) => e.default) || state.editions[0]).edition);
    const last = kept();
    if (last) load(last.model, last.fileName || null, typeof last.original === 'string' ? last.original : null);
    else load(newBoard(), null);
    document.body.dataset.ready = 'true';
  }

  start();
})();
