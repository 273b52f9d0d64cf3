// Renzoku live view. Reads /events (server-sent events: `reset`, then one JSON LiveEvent per
// message) and draws the standings, the games in progress and the recently finished games.
// Plain JavaScript, no build step, nothing loaded from elsewhere; goban.js draws the boards and
// frame.js schedules the renders (both shared with renzoku board).
'use strict';

const FINISHED_SHOWN = 12;
const SIDES = ['black', 'white'];

const state = {
  games: new Map(), // id -> game record (see startGame)
  finished: [], // ids, oldest first
  standings: null,
  history: [], // the match graph's points (MatchProgress), fewest games first
  focus: focusFromLocation(),
};

// ---- events -------------------------------------------------------------------------------

function resetState() {
  state.games.clear();
  state.finished = [];
  state.standings = null;
  state.history = [];
}

/** A snapshot brings the whole match graph; each later update adds its own point. */
function addProgress(event) {
  if (event.history && event.history.length) state.history = event.history.slice();
  const point = event.progress;
  if (!point) return;
  while (state.history.length && state.history[state.history.length - 1].games >= point.games) {
    state.history.pop();
  }
  state.history.push(point);
}

function startGame(info) {
  return {
    info,
    moves: [],
    engines: [null, null],
    end: null,
    clock: info.clock_ms.slice(),
    since: performance.now(), // when `clock` was last set: the side to move's clock runs from here
  };
}

function apply(event) {
  const game = state.games.get(event.game);
  switch (event.type) {
    case 'game_started':
      state.games.set(event.game, startGame(event));
      state.finished = state.finished.filter((id) => id !== event.game);
      break;
    case 'move':
      if (!game) return;
      game.moves.push(event);
      game.clock = event.clock_ms.slice();
      game.since = performance.now();
      break;
    case 'engine_info':
      if (!game) return;
      game.engines[sideIndex(event.side)] = event;
      break;
    case 'game_ended':
      if (!game || game.end) return;
      game.end = event;
      state.finished.push(event.game);
      while (state.finished.length > FINISHED_SHOWN) {
        const old = state.finished.shift();
        if (old !== state.focus) state.games.delete(old);
      }
      break;
    case 'standings':
      state.standings = event;
      addProgress(event);
      break;
    default:
      return;
  }
  scheduleRender();
}

function connect() {
  const status = document.getElementById('status');
  const source = new EventSource('events');
  source.addEventListener('reset', () => {
    resetState();
    scheduleRender();
  });
  source.onmessage = (message) => {
    try {
      apply(JSON.parse(message.data));
    } catch (error) {
      console.error('live view: bad event', message.data, error);
    }
  };
  source.onopen = () => {
    status.textContent = 'live';
    status.className = 'status live';
  };
  // EventSource reconnects by itself; the server then starts again with `reset` + snapshot.
  source.onerror = () => {
    status.textContent = 'reconnecting…';
    status.className = 'status down';
  };
}

// ---- game helpers -----------------------------------------------------------------------

function sideIndex(side) {
  return side === 'white' ? 1 : 0;
}

/** Every stone on the board in order: opening stones (alternating from black), then moves. */
function stones(game) {
  const list = game.info.opening.map(([x, y], i) => ({
    x, y, side: SIDES[i % 2], ply: i + 1, opening: true,
  }));
  for (const move of game.moves) list.push({ x: move.x, y: move.y, side: move.side, ply: move.ply, time: move.time_ms });
  return list;
}

function sideToMove(game) {
  if (game.end) return null;
  const last = game.moves[game.moves.length - 1];
  if (last) return last.side === 'black' ? 1 : 0;
  return game.info.opening.length % 2;
}

/** A move as renzoku-rules writes it (goban.js's column letters; rows from 1 at the top). */
function moveName(x, y) {
  return columnName(x) + (y + 1);
}

function formatClock(ms) {
  if (ms === null || ms === undefined) return '';
  const clamped = Math.max(0, ms);
  const tenths = Math.floor(clamped / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor(tenths / 10) % 60;
  const pad = seconds < 10 ? '0' : '';
  return clamped < 60000 ? `${Math.floor(tenths / 10)}.${tenths % 10}` : `${minutes}:${pad}${seconds}`;
}

function formatSeconds(ms) {
  return ms === undefined ? '' : `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)}s`;
}

/** Remaining time shown for one side now: the side to move's clock runs down. */
function clockNow(game, index) {
  const base = game.clock[index];
  const running = sideToMove(game) === index;
  const elapsed = running ? performance.now() - game.since : 0;
  if (base === null || base === undefined) {
    // No match clock: show this move's thinking time against the turn limit.
    if (!running) return '';
    const limit = game.info.time_turn_ms;
    return limit ? `${formatClock(elapsed)} / ${formatClock(limit)}` : formatClock(elapsed);
  }
  return formatClock(base - elapsed);
}

function resultText(end) {
  const score = end.winner === 'black' ? '1-0' : end.winner === 'white' ? '0-1' : '½-½';
  const who = end.winner ? `${end.winner} wins` : 'draw';
  const reason = end.reason.replace(/_/g, ' ');
  return `${score} — ${who} (${reason})${end.detail ? ': ' + end.detail : ''}`;
}

function ruleName(rule) {
  return { 0: 'freestyle', 1: 'standard', 2: 'continuous', 4: 'renju', 8: 'caro', 9: 'caro' }[rule] ?? `rule ${rule}`;
}

// ---- board drawing ------------------------------------------------------------------------

/**
 * Draws a board of any size 5..32 on `canvas`. `big` adds coordinates and (when the toggle is
 * on) move numbers; the last stone is always marked.
 */
function drawBoard(canvas, game, big) {
  const { width, height } = game.info;
  const scale = window.devicePixelRatio || 1;
  const cssSize = canvas.clientWidth || canvas.width;
  canvas.width = Math.round(cssSize * scale);
  canvas.height = Math.round(cssSize * scale);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  const margin = big ? 28 : 8;
  const cell = (cssSize - 2 * margin) / Math.max(width, height);
  const left = margin + cell / 2 + (Math.max(width, height) - width) * cell / 2;
  const top = margin + cell / 2 + (Math.max(width, height) - height) * cell / 2;
  const px = (x) => left + x * cell;
  const py = (y) => top + y * cell;

  drawGoban(ctx, { width, height, cssWidth: cssSize, cssHeight: cssSize, cell, px, py, coordinates: big });

  const list = stones(game);
  const numbers = big && document.getElementById('numbers').checked;
  list.forEach((stone, i) => {
    const cx = px(stone.x);
    const cy = py(stone.y);
    const black = stone.side === 'black';
    drawStone(ctx, cx, cy, cell, black);
    const last = i === list.length - 1;
    if (numbers) {
      ctx.fillStyle = last ? '#e53935' : black ? '#fafafa' : '#111';
      ctx.font = `${Math.max(7, cell * (stone.ply > 99 ? 0.34 : 0.45))}px sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(stone.ply), cx, cy + 0.5);
    } else if (last) {
      markLastMove(ctx, cx, cy, cell);
    }
  });
}

// ---- page ---------------------------------------------------------------------------------

/** A tournament shows standings and game cards; a lone game (the referee) is shown large. */
function isTournament() {
  return state.standings !== null || state.games.size > 1;
}

function focusedGame() {
  if (state.focus !== null && state.games.has(state.focus)) return state.games.get(state.focus);
  if (!isTournament() && state.games.size === 1) return state.games.values().next().value;
  return null;
}

function render() {
  const tournament = isTournament();
  const focus = focusedGame();
  document.getElementById('empty').hidden = state.games.size > 0 || state.standings !== null;
  renderStandings();
  renderFocus(focus, tournament);
  const running = [...state.games.values()].filter((g) => !g.end);
  const finished = state.finished.map((id) => state.games.get(id)).filter(Boolean).reverse();
  renderCards('running', running, tournament);
  renderCards('finished', finished, tournament);
  updateClocks();
}

function renderStandings() {
  const section = document.getElementById('tournament');
  const standings = state.standings;
  section.hidden = standings === null;
  const progress = document.getElementById('progress');
  if (standings === null) {
    progress.textContent = '';
    return;
  }
  document.getElementById('title').textContent = standings.title || 'Renzoku live';
  document.title = `${standings.title || 'Renzoku'} — live`;
  progress.textContent = `${standings.games_done} / ${standings.games_total} games`;
  const body = section.querySelector('tbody');
  body.replaceChildren(...standings.rows.map((row, i) => {
    const tr = document.createElement('tr');
    const score = row.games > 0 ? `${(100 * row.points / row.games).toFixed(1)}%` : '';
    let elo = '';
    if (row.elo !== null) {
      elo = `${row.elo >= 0 ? '+' : ''}${row.elo.toFixed(1)}`;
      if (row.elo_error !== null) elo += ` ± ${row.elo_error.toFixed(1)}`;
    }
    const cells = [i + 1, row.name, row.games, row.wins, row.losses, row.draws, row.points, score, elo];
    cells.forEach((value, c) => {
      const td = document.createElement('td');
      td.textContent = String(value);
      if (c === 1) td.className = 'name';
      tr.appendChild(td);
    });
    return tr;
  }));
  // The model of the Elo error, as the console's report uses it (pentanomial over
  // colour-swapped pairs, else trinomial over games): one figure on every view.
  document.getElementById('elo-heading').textContent = standings.elo_model
    ? `Elo ± 95 % (${standings.elo_model})`
    : 'Elo';
  document.getElementById('summary').textContent = standings.summary.join('\n');
  renderMatchGraphs(standings);
}

/** Elo ± error and, with -sprt, the LLR over the games of a two-engine match. */
function renderMatchGraphs(standings) {
  const box = document.getElementById('match-graphs');
  const last = state.history[state.history.length - 1];
  box.hidden = !last;
  if (!last) return;
  drawEloGraph(document.getElementById('elo-graph'), state.history, standings.games_total);
  document.getElementById('elo-caption').textContent =
    matchText(last) + (standings.elo_model ? ` (${standings.elo_model})` : '');
  const sprt = document.getElementById('sprt-figure');
  sprt.hidden = !last.sprt;
  if (last.sprt) {
    drawSprtGraph(document.getElementById('sprt-graph'), state.history, standings.games_total);
    document.getElementById('sprt-caption').textContent = sprtText(last);
  }
}

function renderFocus(game, tournament) {
  const section = document.getElementById('focus');
  section.hidden = game === null;
  document.getElementById('focus-close').hidden = !tournament;
  if (game === null) return;
  const { info } = game;
  section.dataset.game = String(info.game);
  document.getElementById('focus-title').textContent =
    `Game ${info.game}: ${info.black} vs ${info.white}`;
  const clocks = [];
  if (info.time_match_ms !== null) clocks.push(`match ${formatClock(info.time_match_ms)}`);
  if (info.increment_ms) clocks.push(`+${formatSeconds(info.increment_ms)}`);
  if (info.time_turn_ms !== null) clocks.push(`turn ${formatSeconds(info.time_turn_ms)}`);
  document.getElementById('focus-rules').textContent =
    `${info.width}×${info.height}, ${ruleName(info.rule)}${clocks.length ? ', ' + clocks.join(' ') : ''}`;
  SIDES.forEach((side, index) => {
    document.querySelector(`#player-${side} .name`).textContent = index === 0 ? info.black : info.white;
    const engine = game.engines[index];
    const box = document.getElementById(`engine-${side}`);
    box.replaceChildren();
    if (engine) {
      const parts = [];
      if (engine.depth !== null) parts.push(`depth ${engine.depth}`);
      if (engine.eval !== null) parts.push(`eval ${engine.eval}`);
      if (engine.pv !== null) parts.push(`pv ${engine.pv}`);
      box.textContent = parts.length ? parts.join(' · ') : engine.text;
      box.title = engine.text;
    }
  });
  document.getElementById('focus-result').textContent = game.end ? resultText(game.end) : '';
  const list = stones(game);
  const body = document.getElementById('moves');
  body.replaceChildren(...list.map((stone, i) => {
    const tr = document.createElement('tr');
    tr.className = (stone.opening ? 'opening' : '') + (i === list.length - 1 ? ' last' : '');
    tr.dataset.move = moveName(stone.x, stone.y);
    const side = stone.side === 'black' ? '●' : '○';
    for (const text of [String(stone.ply), `${side} ${moveName(stone.x, stone.y)}`, stone.opening ? 'opening' : formatSeconds(stone.time)]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    return tr;
  }));
  const box = body.closest('.moves-box');
  box.scrollTop = box.scrollHeight;
  drawBoard(document.getElementById('board'), game, true);
  drawEvalGraph(document.getElementById('eval-graph'), game, false);
}

function renderCards(id, games, tournament) {
  const section = document.getElementById(`${id}-section`);
  section.hidden = !tournament || games.length === 0;
  if (section.hidden) return;
  const grid = document.getElementById(id);
  grid.replaceChildren(...games.map((game) => {
    const card = document.createElement('div');
    card.className = 'card';
    card.dataset.game = String(game.info.game);
    card.title = 'click to enlarge';
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 200;
    const names = document.createElement('div');
    names.className = 'names';
    names.textContent = `${game.info.black} – ${game.info.white}`;
    const meta = document.createElement('div');
    meta.className = 'meta';
    const last = game.moves[game.moves.length - 1];
    const lastText = last ? `, last ${moveName(last.x, last.y)}` : '';
    meta.textContent = game.end
      ? `#${game.info.game}: ${resultText(game.end)}`
      : `#${game.info.game}: move ${game.info.opening.length + game.moves.length}${lastText}`;
    card.append(canvas, names, meta);
    if (!game.end) {
      const clock = document.createElement('div');
      clock.className = 'meta clock-line';
      card.appendChild(clock);
    }
    let graph = null;
    if (game.end) {
      // A finished game's card shows how the evaluation went.
      graph = document.createElement('canvas');
      graph.className = 'graph card-graph';
      graph.width = 200;
      graph.height = 48;
      card.insertBefore(graph, names);
    }
    card.addEventListener('click', () => setFocus(game.info.game));
    grid.appendChild(card); // drawing needs the canvas laid out
    drawBoard(canvas, game, false);
    if (graph) drawEvalGraph(graph, game, true);
    return card;
  }));
}

/** Clocks change every frame the side to move thinks; only their text is redrawn. */
function updateClocks() {
  const game = focusedGame();
  if (game) {
    const toMove = sideToMove(game);
    SIDES.forEach((side, index) => {
      const player = document.getElementById(`player-${side}`);
      player.classList.toggle('to-move', toMove === index);
      player.querySelector('.clock').textContent = clockNow(game, index);
    });
  }
  for (const line of document.querySelectorAll('#running .clock-line')) {
    const card = line.closest('.card');
    const running = state.games.get(Number(card.dataset.game));
    if (running) line.textContent = `● ${clockNow(running, 0)}   ○ ${clockNow(running, 1)}`;
  }
}

function focusFromLocation() {
  const match = /game=(\d+)/.exec(window.location.hash + window.location.search);
  return match ? Number(match[1]) : null;
}

function setFocus(id) {
  state.focus = id;
  window.history.replaceState(null, '', id === null ? window.location.pathname : `#game=${id}`);
  render();
  if (id !== null) window.scrollTo(0, 0);
}

document.getElementById('focus-close').addEventListener('click', () => setFocus(null));
document.getElementById('numbers').addEventListener('change', render);
window.addEventListener('resize', scheduleRender);
setInterval(updateClocks, 100);
connect();
