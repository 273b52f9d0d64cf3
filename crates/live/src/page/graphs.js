// Renzoku live view: the pictures. A game's evaluation graph (black's expected score after each
// move, from the mover's own report) and a two-engine match's graphs (Elo ± error and the SPRT's
// log-likelihood ratio against its bounds, over the games played). Every canvas also carries
// what it plots in `data-values` (JSON), so that tests and curious users can read it back.
'use strict';

const GRAPH_COLORS = {
  black: '#1b1b1b',
  white: '#d9822b',
  grid: '#ddd6c8',
  axis: '#8a8170',
  band: 'rgba(46, 125, 50, 0.18)',
  line: '#2e7d32',
  llr: '#1565c0',
  h0: '#b3261e',
  h1: '#2e7d32',
};

/** A canvas sized for the screen's pixel density; returns its context and CSS size. */
function graphContext(canvas) {
  const scale = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || canvas.width;
  const height = canvas.clientHeight || canvas.height;
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  return { ctx, width, height };
}

function graphText(ctx, text, x, y, align, color) {
  ctx.fillStyle = color || GRAPH_COLORS.axis;
  ctx.font = '11px sans-serif';
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y);
}

/** One series as a line with dots. */
function drawSeries(ctx, points, color, dots) {
  if (points.length === 0) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.stroke();
  if (!dots) return;
  ctx.fillStyle = color;
  for (const [x, y] of points) {
    ctx.beginPath();
    ctx.arc(x, y, 2.5, 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** The evaluation points of a game: `[ply, black's expected score, side]`, in move order. */
function evalPoints(game) {
  return game.moves
    .filter((move) => move.black_score !== undefined && move.black_score !== null)
    .map((move) => [move.ply, Math.round(move.black_score * 1000) / 1000, move.side]);
}

/**
 * The evaluation graph: x = ply, y = black's expected score (top: black wins, bottom: white
 * wins), one line per engine (each engine's reports of its own moves), mates at the edges.
 * `small` (a game card) leaves out the labels.
 */
function drawEvalGraph(canvas, game, small) {
  const points = evalPoints(game);
  canvas.dataset.values = JSON.stringify(points);
  const { ctx, width, height } = graphContext(canvas);
  const left = small ? 4 : 48;
  const right = width - (small ? 4 : 8);
  const top = small ? 4 : 10;
  const bottom = height - (small ? 4 : 18);
  const lastPly = Math.max(10, game.info.opening.length + game.moves.length);
  const x = (ply) => left + (right - left) * (ply - 1) / Math.max(1, lastPly - 1);
  const y = (score) => bottom - (bottom - top) * score;
  ctx.strokeStyle = GRAPH_COLORS.grid;
  ctx.lineWidth = 1;
  for (const level of [0, 0.25, 0.5, 0.75, 1]) {
    ctx.beginPath();
    ctx.moveTo(left, y(level));
    ctx.lineTo(right, y(level));
    ctx.stroke();
  }
  ctx.strokeStyle = GRAPH_COLORS.axis;
  ctx.beginPath();
  ctx.moveTo(left, y(0.5));
  ctx.lineTo(right, y(0.5));
  ctx.stroke();
  if (!small) {
    graphText(ctx, 'B 100%', left - 4, y(1), 'right');
    graphText(ctx, '50%', left - 4, y(0.5), 'right');
    graphText(ctx, 'W 100%', left - 4, y(0), 'right');
    graphText(ctx, `move ${lastPly}`, right, height - 7, 'right');
    graphText(ctx, '1', left, height - 7, 'left');
    if (points.length === 0) {
      graphText(ctx, 'no evaluation reported yet', (left + right) / 2, y(0.5) - 12, 'center');
    }
  }
  for (const side of ['black', 'white']) {
    const series = points.filter((p) => p[2] === side).map(([ply, score]) => [x(ply), y(score)]);
    drawSeries(ctx, series, GRAPH_COLORS[side], !small);
  }
}

/** Where a match stands, in words: `alpha 6.5 – 3.5 beta after 10 games, Elo +115.2 ± 180.3`. */
function matchText(point) {
  const other = point.games - point.points;
  let text = `${point.first} ${point.points} – ${other} ${point.second} after ${point.games} game${point.games === 1 ? '' : 's'}`;
  if (point.elo === null || point.elo === undefined) {
    text += ', Elo not defined yet';
  } else {
    text += `, Elo ${point.elo >= 0 ? '+' : ''}${point.elo.toFixed(1)}`;
    text += point.elo_error === null || point.elo_error === undefined
      ? ' (error not bounded yet)'
      : ` ± ${point.elo_error.toFixed(1)}`;
  }
  return text;
}

/** Axes of a match graph over `total` games and the value range [lo, hi]. */
function matchAxes(canvas, total, lo, hi) {
  const { ctx, width, height } = graphContext(canvas);
  const left = 48;
  const right = width - 10;
  const top = 10;
  const bottom = height - 18;
  const x = (games) => left + (right - left) * games / Math.max(1, total);
  const y = (value) => bottom - (bottom - top) * (value - lo) / (hi - lo);
  ctx.strokeStyle = GRAPH_COLORS.grid;
  ctx.lineWidth = 1;
  ctx.strokeRect(left, top, right - left, bottom - top);
  graphText(ctx, '0', left, height - 7, 'left');
  graphText(ctx, `${total} games`, right, height - 7, 'right');
  return { ctx, x, y, left, right };
}

/** A horizontal line at `value`, labelled left of the plot, or inside it just above the line
 * (`inside`, for long labels such as a bound). */
function levelLine(axes, value, label, color, dash, inside) {
  const { ctx, y, left, right } = axes;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.setLineDash(dash ? [5, 4] : []);
  ctx.beginPath();
  ctx.moveTo(left, y(value));
  ctx.lineTo(right, y(value));
  ctx.stroke();
  ctx.setLineDash([]);
  if (inside) {
    graphText(ctx, label, left + 4, y(value) + (value < 0 ? 8 : -8), 'left', color);
  } else {
    graphText(ctx, label, left - 4, y(value), 'right', color);
  }
}

/** Elo ± its 95 % error over the games played (points without a finite Elo are skipped). */
function drawEloGraph(canvas, history, total) {
  const points = history.filter((p) => p.elo !== null && p.elo !== undefined);
  canvas.dataset.values = JSON.stringify(points.map((p) => [p.games, p.elo, p.elo_error ?? null]));
  const reach = points.reduce((m, p) => Math.max(m, Math.abs(p.elo) + (p.elo_error ?? 0)), 50);
  const limit = Math.min(800, Math.ceil(reach / 50) * 50);
  const games = Math.max(total, history.length ? history[history.length - 1].games : 1);
  const axes = matchAxes(canvas, games, -limit, limit);
  const { ctx, x, y } = axes;
  levelLine(axes, 0, 'Elo 0', GRAPH_COLORS.axis, false);
  levelLine(axes, limit, `+${limit}`, GRAPH_COLORS.grid, true);
  levelLine(axes, -limit, `−${limit}`, GRAPH_COLORS.grid, true);
  const clamp = (v) => Math.max(-limit, Math.min(limit, v));
  const bounded = points.filter((p) => p.elo_error !== null && p.elo_error !== undefined);
  if (bounded.length > 0) {
    ctx.fillStyle = GRAPH_COLORS.band;
    ctx.beginPath();
    bounded.forEach((p, i) => {
      const px = x(p.games);
      const py = y(clamp(p.elo + p.elo_error));
      if (i === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
    });
    for (const p of [...bounded].reverse()) ctx.lineTo(x(p.games), y(clamp(p.elo - p.elo_error)));
    ctx.closePath();
    ctx.fill();
  }
  drawSeries(ctx, points.map((p) => [x(p.games), y(clamp(p.elo))]), GRAPH_COLORS.line, true);
  if (points.length === 0) {
    graphText(ctx, 'Elo not defined yet', (axes.left + axes.right) / 2, y(limit / 2), 'center');
  }
}

/** The SPRT's log-likelihood ratio over the games played, between its two bounds. */
function drawSprtGraph(canvas, history, total) {
  const points = history.filter((p) => p.sprt);
  canvas.dataset.values = JSON.stringify(points.map((p) => [p.games, Math.round(p.sprt.llr * 1000) / 1000]));
  if (points.length === 0) return;
  const { lower, upper, elo0, elo1 } = points[points.length - 1].sprt;
  const top = Math.max(upper, ...points.map((p) => p.sprt.llr)) * 1.1;
  const bottom = Math.min(lower, ...points.map((p) => p.sprt.llr)) * 1.1;
  const games = Math.max(total, points[points.length - 1].games);
  const axes = matchAxes(canvas, games, bottom, top);
  levelLine(axes, upper, `accept H1 (elo1 ${elo1}) at ${upper.toFixed(2)}`, GRAPH_COLORS.h1, true, true);
  levelLine(axes, 0, 'LLR 0', GRAPH_COLORS.axis, false);
  levelLine(axes, lower, `accept H0 (elo0 ${elo0}) at ${lower.toFixed(2)}`, GRAPH_COLORS.h0, true, true);
  const { ctx, x, y } = axes;
  drawSeries(ctx, [[x(0), y(0)], ...points.map((p) => [x(p.games), y(p.sprt.llr)])], GRAPH_COLORS.llr, false);
}

/** The caption under the SPRT graph: `LLR 1.23 (−2.94, 2.94)`. */
function sprtText(point) {
  const s = point.sprt;
  return `LLR ${s.llr.toFixed(2)} (${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}) [${s.elo0}, ${s.elo1}]`;
}
