// Renzoku board: play and analyse in the browser. The game (a tree of moves with its
// variations) lives here, in the page; the server answers rules questions (POST api/position:
// forbidden points, results, refusals) and runs this page's own brain (GET api/session, a
// server-sent event stream whose life is the brain's; POST api/session/ID, the requests).
// Plain JavaScript, no build step, nothing loaded from elsewhere. The live view's goban.js draws
// the board, its frame.js schedules the renders and its graphs.js draws the evaluation graph;
// openings.js plays the opening rules with the engine.
'use strict';

const LINE_COLOURS = ['#b3261e', '#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00'];

/** A node of the game tree: the position after `move` (the root has none). */
function newNode(parent, move) {
  return { parent, move, children: [], active: 0, comment: '', marks: [] };
}

const state = {
  session: null,
  source: null,
  rule: 'renju',
  size: 15,
  root: newNode(null, null),
  current: null,
  facts: null, // api/position's reply for the current position
  factsKey: '',
  thinkId: 0,
  pending: null, // { id, purpose, key, nbest }
  lines: [],
  hover: null, // index of the candidate whose line is shown while hovered
  pinned: null, // the move [x, y] whose line is shown after a tap or click (lines reorder)
  brain: { state: 'idle', text: '' },
  blocked: new Map(), // position key -> moves the analysis leaves out (yxblock)
  notice: '',
};
state.current = state.root;

// ---- helpers --------------------------------------------------------------------------------

/** A move as renzoku-rules writes it (goban.js's column letters; rows from 1 at the top). */
function moveName([x, y]) {
  return columnName(x) + (y + 1);
}

function pathOf(node) {
  const moves = [];
  for (let n = node; n && n.move; n = n.parent) moves.push(n.move);
  return moves.reverse();
}

function positionKey(moves) {
  return `${state.rule}|${state.size}|${moves.map(moveName).join('')}`;
}

function colourOf(ply) {
  return ply % 2 === 0 ? 'black' : 'white';
}

function $(id) {
  return document.getElementById(id);
}

async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  let reply = null;
  try {
    reply = await response.json();
  } catch (error) {
    reply = { error: `the server answered ${response.status}` };
  }
  if (!response.ok) throw new Error(reply.error || `the server answered ${response.status}`);
  return reply;
}

function setNotice(text) {
  state.notice = text;
  $('notice').textContent = text;
}

function seat(colour) {
  return $(colour).value;
}

function limitFields() {
  const [kind, value] = $('limit').value.split(':');
  if (kind === 'time') return { time_ms: Number(value) };
  if (kind === 'nodes') return { nodes: Number(value) };
  return {};
}

function nbest() {
  const n = Math.round(Number($('nbest').value));
  return Number.isFinite(n) ? Math.min(20, Math.max(1, n)) : 1;
}

// ---- the server's session -------------------------------------------------------------------

function connect() {
  const source = new EventSource('api/session');
  state.source = source;
  source.onmessage = (message) => {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch (error) {
      console.error('board: bad event', message.data);
      return;
    }
    handle(event);
  };
  // EventSource reconnects by itself; the server then opens a new session (a new brain).
  source.onerror = () => {
    if (state.source !== source) return;
    state.session = null;
    state.pending = null;
    setStatus('reconnecting…', 'down');
  };
}

function setStatus(text, kind) {
  const status = $('status');
  status.textContent = text;
  status.className = `status ${kind}`;
}

function handle(event) {
  switch (event.type) {
    case 'hello': {
      state.session = event.session;
      state.pending = null;
      const select = $('engine');
      select.replaceChildren(...event.engines.map((name, i) => {
        const option = document.createElement('option');
        option.value = String(i);
        option.textContent = name;
        return option;
      }));
      select.value = String(event.engine);
      setStatus('connected', 'live');
      think();
      break;
    }
    case 'full':
      state.source.close();
      state.source = null;
      setStatus('no engine', 'down');
      setBrain('fault', event.text);
      break;
    case 'brain':
      setBrain(event.state, `${event.engine}: ${event.text}`);
      if (event.state === 'fault') state.pending = null;
      break;
    case 'analysis':
      // Only lines about the position shown (a think about the one before can still report
      // until the server has switched).
      if (state.pending && state.pending.id === event.id
          && state.pending.key === positionKey(pathOf(state.current))) {
        state.lines = event.lines;
        // The position's evaluation, for the graph (the think is about the current position).
        if (event.lines.length && state.pending.key === positionKey(pathOf(state.current))) {
          const toMove = colourOf(pathOf(state.current).length);
          state.current.blackScore = blackChance(event.lines[0], toMove);
        }
        // How long a person waits from a click to the first candidates (measured once a click).
        if (event.lines.length && state.clickedAt) {
          document.body.dataset.firstLinesMs = String(Math.round(performance.now() - state.clickedAt));
          state.clickedAt = null;
        }
        scheduleRender();
      }
      break;
    case 'move':
      if (state.pending && state.pending.id === event.id && state.pending.purpose === 'move'
          && state.pending.key === positionKey(pathOf(state.current))) {
        state.pending = null;
        playAt(event.x, event.y, true);
      }
      break;
    case 'moves':
      // A balanced move or pair, or opening stones, proposed by the engine: played in order.
      if (answers(event)) {
        const purpose = state.pending.purpose;
        state.pending = null;
        if (isOpeningPurpose(purpose)) openingMoves(event.moves);
        else playSequence(event.moves);
      }
      break;
    // An opening rule's decisions (openings.js).
    case 'swap':
      if (answers(event) && isOpeningPurpose(state.pending.purpose)) {
        state.pending = null;
        openingSwap();
      }
      break;
    case 'declare':
      if (answers(event) && state.pending.purpose === 'soosorv') {
        state.pending = null;
        openingDeclare(event.moves, event.fifths);
      }
      break;
    case 'offer':
      if (answers(event) && state.pending.purpose === 'soosorv') {
        state.pending = null;
        openingOffer(event.moves);
      }
      break;
    case 'message':
      $('message').textContent = event.text;
      break;
    default:
      break;
  }
}

/** Whether `event` answers the think the person asked for on the position shown. */
function answers(event) {
  return state.pending !== null && state.pending.id === event.id && isRequested(state.pending.purpose)
    && state.pending.key === positionKey(pathOf(state.current));
}

function setBrain(kind, text) {
  state.brain = { state: kind, text };
  $('brain-text').textContent = text;
  $('brain').className = kind === 'fault' ? 'brain fault' : 'brain';
  $('restart').hidden = kind !== 'fault';
}

/** Sends a request to the page's brain; false (and the server's reason shown) when refused. */
async function request(body) {
  if (!state.session) return false;
  try {
    await post(`api/session/${state.session}`, body);
    return true;
  } catch (error) {
    setNotice(error.message);
    return false;
  }
}

/** What the engine should do now: play (its side to move, at the end of a line), analyse, or
 * nothing (then a running think is stopped and its answer dropped). */
function think() {
  if (!state.session) return;
  const moves = pathOf(state.current);
  const key = positionKey(moves);
  if (!state.facts || state.factsKey !== key) return; // the rules answer comes first
  let purpose = null;
  if (!state.facts.result) {
    const toMove = state.facts.to_move;
    if (seat(toMove) === 'engine' && state.current.children.length === 0) purpose = 'move';
    else if ($('analysis').checked) purpose = 'analyse';
  }
  const pending = state.pending;
  // A balance the person asked for on this very position goes on (the rules answer for the
  // position can come after the click).
  if (pending && pending.key === key && isRequested(pending.purpose)) return;
  if (purpose === null) {
    if (pending) {
      state.pending = null;
      request({ type: 'stop', discard: true });
    }
    return;
  }
  const n = nbest();
  const blocked = purpose === 'analyse' ? state.blocked.get(key) || [] : [];
  const blockedKey = blocked.map(moveName).join('');
  if (pending && pending.key === key && pending.purpose === purpose && pending.nbest === n
      && pending.blocked === blockedKey) return;
  const id = ++state.thinkId;
  state.pending = { id, purpose, key, nbest: n, blocked: blockedKey };
  state.lines = [];
  const body = { type: 'think', id, purpose, rule: state.rule, size: state.size, moves };
  if (purpose === 'move') Object.assign(body, limitFields());
  else Object.assign(body, { nbest: n, blocked });
  renderBlocked();
  request(body);
}

// ---- the game -------------------------------------------------------------------------------

/** The rules facts of the current position, then whatever the engine should do. */
async function positionChanged() {
  const moves = pathOf(state.current);
  const key = positionKey(moves);
  state.lines = [];
  state.hover = null;
  state.pinned = null;
  updateHash(moves);
  scheduleRender();
  try {
    const facts = await post('api/position', { rule: state.rule, size: state.size, moves });
    if (positionKey(pathOf(state.current)) !== key) return;
    state.facts = facts;
    state.factsKey = key;
  } catch (error) {
    setNotice(error.message);
    return;
  }
  think();
  scheduleRender();
}

/** Plays (x, y) after the current position if the rules allow it: a move already in the tree
 * is followed, a new one starts a variation. */
async function playAt(x, y, byEngine) {
  const node = state.current;
  const moves = pathOf(node);
  let reply;
  try {
    reply = await post('api/position', { rule: state.rule, size: state.size, moves, try: [x, y] });
  } catch (error) {
    setNotice(error.message);
    return false;
  }
  if (state.current !== node) return false;
  if (reply.refused) {
    setNotice(`refused: ${reply.refused}`);
    return false;
  }
  setNotice('');
  let child = node.children.find((c) => c.move[0] === x && c.move[1] === y);
  if (!child) {
    child = newNode(node, [x, y]);
    node.children.push(child);
  }
  node.active = node.children.indexOf(child);
  // The engine's view of the position left, kept for the saved game.
  const best = state.lines[0];
  if (best && state.pending && state.pending.key === positionKey(moves)) {
    node.comment = `engine: ${best.eval} depth ${best.depth}, best ${moveName(best.pv[0])}`;
  }
  state.current = child;
  state.facts = reply;
  state.factsKey = positionKey(pathOf(child));
  state.clickedAt = byEngine ? null : performance.now();
  await positionChanged();
  return true;
}

async function playSequence(moves) {
  for (const [x, y] of moves) {
    if (!(await playAt(x, y, true))) return;
  }
}

/** Thinks the person asked for with a button (not started by the position itself). */
function isRequested(purpose) {
  return purpose.startsWith('balance') || isOpeningPurpose(purpose);
}

function setSeats(black, white) {
  $('black').value = black;
  $('white').value = white;
}

/** A think the person asked for (`extra`: an opening step's fields); a request the server
 * refuses (its reason is shown) leaves nothing pending. */
async function requestThink(purpose, extra = {}) {
  if (!state.session) return;
  const moves = pathOf(state.current);
  const key = positionKey(moves);
  // No wait for the rules' answer on this position: the server refuses a finished game itself.
  const id = ++state.thinkId;
  state.pending = { id, purpose, key, nbest: 0, blocked: '' };
  state.lines = [];
  const body = { type: 'think', id, purpose, rule: state.rule, size: state.size, moves, ...limitFields(), ...extra };
  if (!(await request(body)) && state.pending && state.pending.id === id) state.pending = null;
}

/** Asks the engine for a balanced continuation: one stone, or a stone of each colour. */
function balance(two) {
  requestThink(two ? 'balance2' : 'balance1');
}

function goTo(node) {
  if (!node || node === state.current) return;
  for (let n = node; n.parent; n = n.parent) n.parent.active = n.parent.children.indexOf(n);
  state.current = node;
  setNotice('');
  positionChanged();
}

function engineSeats() {
  return ['black', 'white'].filter((c) => seat(c) === 'engine');
}

function undo() {
  let node = state.current.parent;
  if (!node) return;
  // Against the engine, back to the person's turn.
  if (engineSeats().length === 1 && node.parent && seat(colourOf(pathOf(node).length)) === 'engine') {
    node = node.parent;
  }
  goTo(node);
}

function redo() {
  const node = state.current;
  const next = node.children[node.active] || node.children[0];
  if (next) goTo(next);
}

function lineEnd() {
  let node = state.current;
  while (node.children.length) node = node.children[node.active] || node.children[0];
  goTo(node);
}

function newGame() {
  const size = Math.round(Number($('size').value));
  if (!(size >= 5 && size <= 32)) {
    setNotice('the board size must be between 5 and 32');
    return;
  }
  state.size = size;
  state.rule = $('rule').value;
  state.root = newNode(null, null);
  state.current = state.root;
  setNotice('');
  positionChanged();
}

// ---- address (#rule=renju&size=15&moves=h8i9j10) -------------------------------------------

function updateHash(moves) {
  const hash = `#rule=${state.rule}&size=${state.size}&moves=${moves.map(moveName).join('')}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

function parsePos(text, size) {
  const moves = [];
  const re = /([a-zA-Z])(\d{1,2})/g;
  let match;
  let consumed = 0;
  while ((match = re.exec(text)) !== null) {
    if (match.index !== consumed) return null;
    consumed = re.lastIndex;
    const c = match[1];
    const x = c >= 'a' && c <= 'z' ? c.charCodeAt(0) - 97 : c.charCodeAt(0) - 65 + 26;
    const y = Number(match[2]) - 1;
    if (x < 0 || x >= size || y < 0 || y >= size) return null;
    moves.push([x, y]);
  }
  return consumed === text.length ? moves : null;
}

function fromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const rule = params.get('rule');
  const size = Number(params.get('size'));
  if (rule && [...$('rule').options].some((o) => o.value === rule)) $('rule').value = rule;
  if (size >= 5 && size <= 32) $('size').value = String(size);
  state.rule = $('rule').value;
  state.size = Number($('size').value);
  const moves = parsePos(params.get('moves') || '', state.size);
  if (!moves) {
    setNotice('the address holds no valid position: a new game');
    return;
  }
  let node = state.root;
  for (const move of moves) {
    const child = newNode(node, move);
    node.children.push(child);
    node = child;
  }
  state.current = node;
}

// ---- load and save --------------------------------------------------------------------------

/** A flat tree for the server: nodes in order, each with its parent's index (-1: the root). */
function flatTree() {
  const nodes = [];
  const walk = [[state.root, -1]];
  while (walk.length) {
    const [node, parent] = walk.pop();
    let index = parent;
    if (node.move) {
      index = nodes.length;
      nodes.push({ parent, move: node.move, comment: node.comment || '', marks: node.marks || [] });
    }
    for (let i = node.children.length - 1; i >= 0; i--) walk.push([node.children[i], index]);
  }
  return nodes;
}

function treeFrom(nodes) {
  const root = newNode(null, null);
  const made = [];
  for (const n of nodes) {
    const parent = n.parent < 0 ? root : made[n.parent];
    const node = newNode(parent, n.move);
    node.comment = n.comment || '';
    node.marks = n.marks || [];
    parent.children.push(node);
    made.push(node);
  }
  return root;
}

async function loadText(text) {
  try {
    const game = await post('api/load', { text, size: state.size });
    $('rule').value = game.rule || state.rule;
    $('size').value = String(game.size);
    state.rule = $('rule').value;
    state.size = game.size;
    state.root = treeFrom(game.nodes);
    state.current = state.root;
    // Follow the main line to its end.
    let node = state.root;
    while (node.children.length) node = node.children[0];
    state.current = node;
    setNotice(`loaded ${game.format}: ${game.nodes.length} moves`);
    positionChanged();
  } catch (error) {
    setNotice(`cannot load: ${error.message}`);
  }
}

async function saveSgf() {
  try {
    const reply = await post('api/save', { rule: state.rule, size: state.size, nodes: flatTree() });
    $('record').value = reply.sgf;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([reply.sgf], { type: 'application/x-go-sgf' }));
    link.download = 'renzoku-board.sgf';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  } catch (error) {
    setNotice(`cannot save: ${error.message}`);
  }
}

// ---- drawing --------------------------------------------------------------------------------

function geometry(canvas) {
  const cssSize = canvas.clientWidth || canvas.width;
  const margin = 28;
  const cell = (cssSize - 2 * margin) / state.size;
  const origin = margin + cell / 2;
  return { cssSize, cell, px: (x) => origin + x * cell, toPoint: (v) => Math.round((v - origin) / cell) };
}

/** The index of the pinned move's line, if it is still a candidate. */
function pinnedIndex() {
  const p = state.pinned;
  if (!p) return null;
  const i = state.lines.findIndex((l) => l.pv[0][0] === p[0] && l.pv[0][1] === p[1]);
  return i < 0 ? null : i;
}

function shownLine() {
  const index = state.hover ?? pinnedIndex();
  return index === null ? null : state.lines[index] || null;
}

/** A candidate's label: its win rate in percent, its evaluation, or a mate (+M7). */
function label(line) {
  if (line.mate !== null && line.mate !== undefined) return line.eval;
  if ($('show').value === 'winrate' && line.winrate !== null && line.winrate !== undefined) {
    return String(Math.round(line.winrate * 100));
  }
  return line.eval;
}

function drawBoard() {
  const canvas = $('board');
  const scale = window.devicePixelRatio || 1;
  const g = geometry(canvas);
  canvas.width = Math.round(g.cssSize * scale);
  canvas.height = Math.round(g.cssSize * scale);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  const { cell, px } = g;
  const size = state.size;
  // The board with its coordinates (goban.js, the live view's drawing); the labels below are
  // centred as its coordinates are.
  drawGoban(ctx, { width: size, height: size, cssWidth: g.cssSize, cssHeight: g.cssSize, cell, px, py: px, coordinates: true });

  const moves = pathOf(state.current);
  const stone = (x, y, black, alpha) => drawStone(ctx, px(x), px(y), cell, black, alpha);
  moves.forEach(([x, y], i) => stone(x, y, i % 2 === 0, 1));
  if (moves.length) {
    const [x, y] = moves[moves.length - 1];
    markLastMove(ctx, px(x), px(y), cell);
  }
  const facts = state.facts && state.factsKey === positionKey(moves) ? state.facts : null;
  if (facts) {
    ctx.strokeStyle = '#c62828';
    ctx.lineWidth = Math.max(1.5, cell * 0.08);
    for (const [x, y] of facts.forbidden) {
      const r = cell * 0.2;
      ctx.beginPath();
      ctx.moveTo(px(x) - r, px(y) - r);
      ctx.lineTo(px(x) + r, px(y) + r);
      ctx.moveTo(px(x) + r, px(y) - r);
      ctx.lineTo(px(x) - r, px(y) + r);
      ctx.stroke();
    }
    const line = facts.result && facts.result.line;
    if (line && line.length >= 2) {
      ctx.strokeStyle = 'rgba(229, 57, 53, 0.85)';
      ctx.lineWidth = Math.max(3, cell * 0.16);
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(px(line[0][0]), px(line[0][1]));
      ctx.lineTo(px(line[line.length - 1][0]), px(line[line.length - 1][1]));
      ctx.stroke();
      ctx.lineCap = 'butt';
    }
  }
  // Squares marked in a loaded file (e.g. `renzoku analyze`'s choice of the engine).
  ctx.strokeStyle = '#1565c0';
  ctx.lineWidth = 2;
  for (const [x, y] of state.current.marks || []) {
    const r = cell * 0.22;
    ctx.strokeRect(px(x) - r, px(y) - r, 2 * r, 2 * r);
  }
  // An opening's fifth moves on offer, as ghost black stones marked 5.
  const fifths = openingFifths();
  for (const [x, y] of fifths) {
    stone(x, y, true, 0.45);
    ctx.fillStyle = '#fff';
    ctx.font = `${Math.max(7, cell * 0.42)}px sans-serif`;
    ctx.fillText('5', px(x), px(y) + 0.5);
  }
  canvas.dataset.fifths = JSON.stringify(fifths);
  const shown = shownLine();
  if (shown) {
    // The line as numbered ghost stones, the side to move first.
    shown.pv.forEach(([x, y], i) => {
      if (moves.some((m) => m[0] === x && m[1] === y)) return;
      const black = (moves.length + i) % 2 === 0;
      stone(x, y, black, 0.55);
      ctx.fillStyle = black ? '#fff' : '#111';
      ctx.font = `${Math.max(7, cell * 0.42)}px sans-serif`;
      ctx.fillText(String(i + 1), px(x), px(y) + 0.5);
    });
  } else {
    state.lines.forEach((line, i) => {
      const [x, y] = line.pv[0];
      const colour = LINE_COLOURS[Math.min(i, LINE_COLOURS.length - 1)];
      ctx.beginPath();
      ctx.arc(px(x), px(y), cell * 0.44, 0, 2 * Math.PI);
      ctx.fillStyle = i === 0 ? 'rgba(255, 255, 255, 0.92)' : 'rgba(255, 255, 255, 0.75)';
      ctx.fill();
      ctx.strokeStyle = colour;
      ctx.lineWidth = i === 0 ? 2.5 : 1.5;
      ctx.stroke();
      ctx.fillStyle = colour;
      const text = label(line);
      ctx.font = `${i === 0 ? 'bold ' : ''}${Math.max(7, cell * (text.length > 3 ? 0.3 : 0.4))}px sans-serif`;
      ctx.fillText(text, px(x), px(y) + 0.5);
    });
  }
  canvas.dataset.candidates = String(state.lines.length);
}

/** Black's winning chance from the best line (the side to move's win rate, its mate, or its
 * evaluation through a logistic curve when the brain sends no win rate). */
function blackChance(line, toMove) {
  let p;
  if (line.mate !== null && line.mate !== undefined) p = line.mate > 0 ? 1 : 0;
  else if (line.winrate !== null && line.winrate !== undefined) p = line.winrate;
  else p = 1 / (1 + Math.exp(-Number(line.eval) / 200));
  return toMove === 'black' ? p : 1 - p;
}

function renderWinbar() {
  const best = state.lines[0];
  const moves = pathOf(state.current);
  const toMove = colourOf(moves.length);
  const bar = $('winbar-black');
  const text = $('winbar-text');
  if (!best) {
    bar.style.width = '50%';
    text.textContent = '';
    return;
  }
  const p = blackChance(best, toMove);
  bar.style.width = `${(p * 100).toFixed(1)}%`;
  text.textContent = best.mate !== null && best.mate !== undefined
    ? `${toMove} ${best.eval}`
    : `black ${Math.round(p * 100)}%`;
}

function formatCount(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)}k`;
  return String(n);
}

function renderCandidates() {
  const body = $('candidates');
  const shown = state.hover ?? pinnedIndex();
  body.replaceChildren(...state.lines.map((line, i) => {
    const tr = document.createElement('tr');
    tr.dataset.index = String(i);
    tr.dataset.move = moveName(line.pv[0]);
    if (shown === i) tr.className = 'shown';
    const win = line.winrate === null || line.winrate === undefined ? '' : `${(line.winrate * 100).toFixed(1)}%`;
    const cells = [String(i + 1), moveName(line.pv[0]), line.eval, win, `${line.depth}-${line.seldepth}`,
      line.pv.map(moveName).join(' ')];
    cells.forEach((text, c) => {
      const td = document.createElement('td');
      td.textContent = text;
      if (c === 5) td.className = 'left';
      tr.append(td);
    });
    const exclude = document.createElement('button');
    exclude.type = 'button';
    exclude.className = 'exclude';
    exclude.title = `leave ${moveName(line.pv[0])} out of the analysis (yxblock)`;
    exclude.textContent = '✕';
    exclude.addEventListener('click', (event) => {
      event.stopPropagation();
      block(line.pv[0]);
    });
    const td = document.createElement('td');
    td.append(exclude);
    tr.append(td);
    tr.addEventListener('mouseenter', () => { state.hover = i; scheduleRender(); });
    tr.addEventListener('mouseleave', () => { state.hover = null; scheduleRender(); });
    tr.addEventListener('click', () => {
      state.pinned = pinnedIndex() === i ? null : line.pv[0];
      scheduleRender();
    });
    return tr;
  }));
  const best = state.lines[0];
  $('search').textContent = best
    ? `depth ${best.depth}-${best.seldepth} · ${formatCount(best.nodes)} nodes · ${formatCount(best.speed)} n/s · ${(best.time_ms / 1000).toFixed(1)} s`
    : '';
}

/** Leaves a move out of this position's analysis: the brain is told with `yxblock`. */
function block(move) {
  const key = positionKey(pathOf(state.current));
  const list = state.blocked.get(key) || [];
  if (!list.some((m) => m[0] === move[0] && m[1] === move[1])) list.push(move);
  state.blocked.set(key, list);
  state.hover = null;
  state.pinned = null;
  think();
}

function renderBlocked() {
  const list = state.blocked.get(positionKey(pathOf(state.current))) || [];
  $('blocked').hidden = list.length === 0;
  $('blocked-moves').textContent = list.map(moveName).join(' ');
}

function moveSpan(node, ply) {
  const fragment = document.createDocumentFragment();
  const number = document.createElement('span');
  number.className = 'num';
  number.textContent = `${ply}.`;
  const span = document.createElement('span');
  span.className = node === state.current ? 'mv current' : 'mv';
  span.textContent = moveName(node.move);
  span.dataset.ply = String(ply);
  span.dataset.move = moveName(node.move);
  span.addEventListener('click', () => goTo(node));
  // The spaces let the list wrap between moves.
  fragment.append(number, span, ' ');
  return fragment;
}

/** The line from `node` on (first children), other children as variations in parentheses. */
function renderLine(node, ply, into) {
  let n = node;
  let p = ply;
  while (n.children.length) {
    const [main, ...others] = n.children;
    into.append(moveSpan(main, p + 1));
    for (const other of others) {
      const variation = document.createElement('span');
      variation.className = 'var';
      variation.append('(');
      variation.append(moveSpan(other, p + 1));
      renderLine(other, p + 1, variation);
      variation.append(')', ' ');
      into.append(variation);
    }
    n = main;
    p += 1;
  }
}

function renderMoves() {
  const box = $('moves');
  box.replaceChildren();
  renderLine(state.root, 0, box);
  // Keep the current move in view by scrolling the list alone (scrollIntoView would scroll the
  // whole page away from the board on a phone).
  const current = box.querySelector('.mv.current');
  if (current) {
    const top = current.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - current.offsetHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  }
}

/** The live view's evaluation graph over the shown line (to its end): black's chance after
 * each move that the engine has looked at. */
function renderGraph() {
  const line = [];
  let node = state.root;
  while (node.children.length) {
    node = node.children[node.active] || node.children[0];
    line.push(node);
  }
  // (The active children lead through the current node: goTo and playAt set them.)
  const moves = line.map((n, i) => ({ ply: i + 1, black_score: n.blackScore ?? null, side: 'black' }));
  drawEvalGraph($('eval-graph'), { moves, info: { opening: [] } }, false);
}

function render() {
  renderBlocked();
  drawBoard();
  renderGraph();
  renderWinbar();
  renderCandidates();
  renderMoves();
  const moves = pathOf(state.current);
  const facts = state.facts && state.factsKey === positionKey(moves) ? state.facts : null;
  $('result').textContent = facts && facts.result ? facts.result.text : '';
  $('comment').textContent = state.current.comment || '';
  document.title = `Renzoku board — ${state.rule} ${state.size}×${state.size}, move ${moves.length}`;
}

// ---- input ----------------------------------------------------------------------------------

function pointAt(event) {
  const canvas = $('board');
  const rect = canvas.getBoundingClientRect();
  const g = geometry(canvas);
  const x = g.toPoint(event.clientX - rect.left);
  const y = g.toPoint(event.clientY - rect.top);
  return x >= 0 && y >= 0 && x < state.size && y < state.size ? [x, y] : null;
}

function candidateAt(point) {
  if (!point) return null;
  const i = state.lines.findIndex((l) => l.pv[0][0] === point[0] && l.pv[0][1] === point[1]);
  return i < 0 ? null : i;
}

function boardClick(event) {
  const point = pointAt(event);
  if (!point) return;
  // A finger cannot hover: the first tap on a candidate shows its line, the second plays it.
  const candidate = candidateAt(point);
  if (event.pointerType === 'touch' && candidate !== null && pinnedIndex() !== candidate) {
    state.pinned = point;
    scheduleRender();
    return;
  }
  const moves = pathOf(state.current);
  if (state.facts && state.facts.result && state.factsKey === positionKey(moves)) {
    setNotice(`the game is over (${state.facts.result.text})`);
    return;
  }
  if (seat(colourOf(moves.length)) === 'engine' && state.current.children.length === 0) {
    setNotice('the engine is to move');
    return;
  }
  if (openingClick(point)) return;
  playAt(point[0], point[1], false);
}

function setUp() {
  const canvas = $('board');
  canvas.addEventListener('pointerup', boardClick);
  canvas.addEventListener('pointermove', (event) => {
    if (event.pointerType === 'touch') return;
    const hover = candidateAt(pointAt(event));
    if (hover !== state.hover) {
      state.hover = hover;
      scheduleRender();
    }
  });
  canvas.addEventListener('pointerleave', () => {
    if (state.hover !== null) {
      state.hover = null;
      scheduleRender();
    }
  });
  document.addEventListener('keydown', (event) => {
    const tag = event.target && event.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    const actions = { ArrowLeft: undo, ArrowRight: redo, ArrowUp: () => goTo(state.root), Home: () => goTo(state.root), ArrowDown: lineEnd, End: lineEnd };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });
  $('new').addEventListener('click', newGame);
  $('balance1').addEventListener('click', () => balance(false));
  setUpOpenings();
  $('balance2').addEventListener('click', () => balance(true));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('stop').addEventListener('click', () => {
    // The engine's move (or balancing stones) now; an analysis goes on.
    if (state.pending && state.pending.purpose !== 'analyse') request({ type: 'stop', discard: false });
  });
  $('restart').addEventListener('click', async () => {
    state.pending = null;
    await request({ type: 'restart' });
    think();
  });
  $('engine').addEventListener('change', async () => {
    state.pending = null;
    await request({ type: 'engine', index: Number($('engine').value) });
    think();
  });
  $('rule').addEventListener('change', () => {
    state.rule = $('rule').value;
    positionChanged();
  });
  $('size').addEventListener('change', newGame);
  for (const id of ['black', 'white', 'analysis', 'nbest']) $(id).addEventListener('change', think);
  $('show').addEventListener('change', scheduleRender);
  $('unblock').addEventListener('click', () => {
    state.blocked.delete(positionKey(pathOf(state.current)));
    think();
  });
  $('load').addEventListener('click', () => loadText($('record').value));
  $('save').addEventListener('click', saveSgf);
  $('file').addEventListener('change', async () => {
    const file = $('file').files[0];
    if (file) loadText(await file.text());
  });
  window.addEventListener('resize', scheduleRender);
  window.addEventListener('hashchange', () => {
    const moves = pathOf(state.current);
    const ours = `#rule=${state.rule}&size=${state.size}&moves=${moves.map(moveName).join('')}`;
    if (location.hash === ours) return;
    state.root = newNode(null, null);
    state.current = state.root;
    fromHash();
    positionChanged();
  });
}

setUp();
if (location.hash.length > 1) fromHash();
else {
  state.rule = $('rule').value;
  state.size = Number($('size').value);
}
connect();
positionChanged();
