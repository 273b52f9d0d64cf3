// Drawing a board, shared by the live view and renzoku board: the wood, the lines, the star
// points, the coordinates and the stones, on a canvas whose context is already scaled to CSS
// pixels. Plain JavaScript functions, no state.
'use strict';

/** Column letters as renzoku-rules writes them: a..z, then A..F; rows count from 1 at the top. */
function columnName(x) {
  return x < 26 ? String.fromCharCode(97 + x) : String.fromCharCode(65 + x - 26);
}

/**
 * The empty board of `width` x `height` points filling `cssWidth` x `cssHeight`: `px` and `py`
 * map a point's column and row to pixels, `cell` is the distance between two lines. Star points
 * at the centre and, on boards of 13 and more, 3 lines in from the edges; with `coordinates`,
 * column letters and row numbers on all four sides.
 */
function drawGoban(ctx, { width, height, cssWidth, cssHeight, cell, px, py, coordinates }) {
  ctx.fillStyle = '#dcb35c';
  ctx.fillRect(0, 0, cssWidth, cssHeight);
  ctx.strokeStyle = '#5a4a2a';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x < width; x++) {
    ctx.moveTo(px(x), py(0));
    ctx.lineTo(px(x), py(height - 1));
  }
  for (let y = 0; y < height; y++) {
    ctx.moveTo(px(0), py(y));
    ctx.lineTo(px(width - 1), py(y));
  }
  ctx.stroke();

  ctx.fillStyle = '#5a4a2a';
  const stars = [[(width - 1) / 2, (height - 1) / 2]];
  if (width >= 13 && height >= 13) {
    stars.push([3, 3], [width - 4, 3], [3, height - 4], [width - 4, height - 4]);
  }
  for (const [x, y] of stars) {
    if (Number.isInteger(x) && Number.isInteger(y)) {
      ctx.beginPath();
      ctx.arc(px(x), py(y), Math.max(1.5, cell * 0.1), 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  if (coordinates) {
    ctx.fillStyle = '#3b2f1a';
    ctx.font = `${Math.min(13, cell * 0.5)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let x = 0; x < width; x++) {
      ctx.fillText(columnName(x), px(x), py(0) - cell / 2 - 6);
      ctx.fillText(columnName(x), px(x), py(height - 1) + cell / 2 + 6);
    }
    for (let y = 0; y < height; y++) {
      ctx.fillText(String(y + 1), px(0) - cell / 2 - 9, py(y));
      ctx.fillText(String(y + 1), px(width - 1) + cell / 2 + 9, py(y));
    }
  }
}

/** A stone centred on (cx, cy) in pixels; `alpha` below 1 draws a ghost stone. */
function drawStone(ctx, cx, cy, cell, black, alpha = 1) {
  ctx.globalAlpha = alpha;
  ctx.beginPath();
  ctx.arc(cx, cy, cell * 0.45, 0, 2 * Math.PI);
  ctx.fillStyle = black ? '#111' : '#fafafa';
  ctx.fill();
  ctx.strokeStyle = '#111';
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** The red dot that marks the last move. */
function markLastMove(ctx, cx, cy, cell) {
  ctx.beginPath();
  ctx.arc(cx, cy, Math.max(2, cell * 0.14), 0, 2 * Math.PI);
  ctx.fillStyle = '#e53935';
  ctx.fill();
}
