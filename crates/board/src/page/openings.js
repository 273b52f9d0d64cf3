// Renzoku board: opening rules with the engine as the other player. Swap2 (SWAP2BOARD), swap
// (SWAPBOARD) and Soosõrv-N (SOOSYRVSTEP1..6), as the rules define them. The server checks each
// request and the engine's every answer against the rule; this file keeps who holds which colour
// so far and what comes next. It is loaded before board.js, whose helpers it calls.
'use strict';

/** The opening under way, or null: { rule, n, m, engine, key, offers, picks }. `engine` is the
 * engine's colour so far (Soosõrv's colours stay tentative until the fifth move), `key` the
 * position the next step is about (moving elsewhere leaves the opening), `offers` the engine's
 * fifth moves to pick from, `picks` the fifth moves the person is choosing to offer. */
let opening = null;

const OPENING_NAMES = { swap: 'swap', swap2: 'swap2', soosorv: 'Soosõrv' };

function openingSay(text) {
  const rule = opening ? opening.rule : $('opening-rule').value;
  const name = rule === 'soosorv' && opening ? `Soosõrv-${opening.n}` : OPENING_NAMES[rule];
  setNotice(`${name}: ${text}`);
}

function isOpeningPurpose(purpose) {
  return purpose === 'swap' || purpose === 'swap2' || purpose === 'soosorv';
}

/** The opening, if the position shown is the one its next step is about (after undo or a
 * click elsewhere in the tree, the page is back to plain play). */
function openingHere() {
  return opening && opening.key === positionKey(pathOf(state.current)) ? opening : null;
}

function openingMark() {
  opening.key = positionKey(pathOf(state.current));
  scheduleRender();
}

/** Asks the engine for an opening decision; the notice says so until it answers (it ends with
 * '…' while the engine thinks). */
function openingAsk(purpose, fields) {
  openingSay('the engine decides…');
  requestThink(purpose, fields);
}

/** A number box's value when it is a whole number in [low, high], else null. */
function boxNumber(id, low, high) {
  const n = Number($(id).value);
  return Number.isInteger(n) && n >= low && n <= high ? n : null;
}

/** Starts an opening in which the engine holds `engineColour` for now:
 * "engine opens" (black: its three stones on the empty board, swap2/swap/Soosõrv step 1) or
 * "engine chooses" (white: its decision after the person's stones, Soosõrv step 2). */
function openingBegin(engineColour) {
  const rule = $('opening-rule').value;
  const stones = pathOf(state.current).length;
  const opens = engineColour === 'black';
  const counts = opens ? [0] : rule === 'swap2' ? [3, 5] : [3];
  if (!counts.includes(stones)) {
    opening = null;
    openingSay(opens ? 'the engine opens on an empty board (new game first)'
      : `the engine chooses after ${counts.join(' or ')} stones`);
    return;
  }
  const n = boxNumber('soosorv-n', 1, 10);
  if (rule === 'soosorv' && n === null) {
    openingSay('N must be a whole number from 1 to 10');
    return;
  }
  // Both seats are the person's until the colours are decided.
  setSeats('human', 'human');
  opening = { rule, n, m: null, engine: engineColour, key: '', offers: [], picks: [] };
  openingMark();
  openingAsk(rule, rule === 'soosorv' ? { step: opens ? 1 : 2, number: n } : {});
}

/** The colours are decided: the seats follow, and the game goes on as any other. */
function openingDone(engineColour, text) {
  opening = null;
  if (engineColour === 'black') setSeats('engine', 'human');
  else setSeats('human', 'engine');
  setNotice(text);
  scheduleRender();
  think();
}

/** The engine's stones to play: opening stones, white's 4th (or 4th and 5th), or Soosõrv's
 * chosen fifth and its sixth. */
async function openingMoves(moves) {
  const before = pathOf(state.current).length;
  if (!opening) return;
  const rule = opening.rule;
  if (before === 0) {
    await playSequence(moves);
    if (!opening) return;
    openingMark();
    if (rule === 'soosorv') {
      openingSay('the engine opened: take black (swap), or take white and play the 4th with M (the number of fifth moves black must offer)');
    } else if (rule === 'swap2') {
      openingSay('the engine opened: take black, take white (and play the 4th), or put two more stones and let the engine choose');
    } else {
      openingSay('the engine opened: take black, or take white and play the 4th');
    }
  } else if (rule === 'soosorv') {
    // Step 6: the fifth it chose among the person's offers, and white's sixth.
    const text = `Soosõrv-${opening.n}: the engine chose ${moveName(moves[0])} and played the 6th; your move`;
    await playSequence(moves);
    openingDone('white', text);
  } else if (moves.length === 1) {
    await playSequence(moves);
    openingDone('white', `${OPENING_NAMES[rule]}: the engine stays white; you play black`);
  } else {
    await playSequence(moves);
    if (!opening) return;
    openingMark();
    openingSay('the engine put two more stones: take black or white');
  }
}

/** `SWAP`: the engine takes the colour that just moved (black after 3 or 5 stones, white after
 * Soosõrv's 4th). */
function openingSwap() {
  if (!openingHere()) return;
  const stones = pathOf(state.current).length;
  if (opening.rule !== 'soosorv') {
    openingDone('black', `${OPENING_NAMES[opening.rule]}: the engine takes black; you play white`);
  } else if (stones === 3) {
    opening.engine = 'black';
    openingSay('the engine takes black: play the 4th as white, with M (the number of fifth moves black must offer)');
  } else {
    opening.engine = 'white';
    opening.picks = [];
    openingSay(`the engine takes white: offer ${opening.m} fifth move(s) (click them), then "offer fifths"`);
  }
  scheduleRender();
}

/** Soosõrv: the engine played the 4th as white and declared M. */
async function openingDeclare(moves, fifths) {
  if (!openingHere()) return;
  opening.engine = 'white';
  await playSequence(moves);
  if (!opening) return;
  opening.m = fifths;
  opening.picks = [];
  openingMark();
  openingSay(`the engine played the 4th and asks for ${fifths} fifth move(s): take white (swap), or offer them (click them, then "offer fifths")`);
}

/** Soosõrv: the engine, black, offers fifth moves; the person picks one. */
function openingOffer(moves) {
  if (!openingHere()) return;
  opening.engine = 'black';
  opening.offers = moves;
  openingMark();
  openingSay(`the engine offers ${moves.map(moveName).join(' ')}: click the fifth move to play, then play the 6th`);
}

/** "I take black" / "I take white". */
function personTakes(colour) {
  const here = openingHere();
  if (!here || here.rule !== 'soosorv') {
    opening = null;
    if (colour === 'black') setSeats('human', 'engine');
    else setSeats('engine', 'human');
    setNotice('');
    think();
    return;
  }
  const stones = pathOf(state.current).length;
  const personNow = here.engine === 'black' ? 'white' : 'black';
  if (stones === 3 && here.engine === 'black') {
    if (colour === 'black') {
      // Swap: the engine, white now, plays the 4th and declares M.
      here.engine = 'white';
      openingAsk('soosorv', { step: 3, number: here.n });
    } else {
      openingSay('play the 4th as white, with M (the number of fifth moves black must offer)');
    }
  } else if (stones === 4 && here.engine === 'white' && here.m !== null) {
    if (colour === 'white') {
      // Swap: the engine, black now, offers the fifth moves.
      here.engine = 'black';
      openingAsk('soosorv', { step: 5, number: here.m });
    } else {
      openingSay(`offer ${here.m} fifth move(s) (click them), then "offer fifths"`);
    }
  } else {
    openingSay(`you hold ${personNow} for now: nothing to choose at this point`);
  }
}

/** A click on the board during Soosõrv: the person's 4th (with M), a fifth move to offer, or the
 * pick among the engine's offers. Returns true when the click was the opening's. */
function openingClick(point) {
  const here = openingHere();
  if (!here || here.rule !== 'soosorv') return false;
  const stones = pathOf(state.current).length;
  const [x, y] = point;
  if (stones === 3 && here.engine === 'black') {
    const m = boxNumber('soosorv-m', 1, here.n);
    if (m === null) {
      openingSay(`M must be a whole number from 1 to ${here.n}`);
      return true;
    }
    openingSay(`your 4th, ${m} fifth move(s)…`);
    playAt(x, y, false).then((played) => {
      if (!played || !opening) return;
      opening.m = m;
      openingMark();
      openingAsk('soosorv', { step: 4, number: m });
    });
    return true;
  }
  if (stones === 4 && here.engine === 'white' && here.m !== null) {
    const at = here.picks.findIndex((p) => p[0] === x && p[1] === y);
    if (at >= 0) here.picks.splice(at, 1);
    else if (here.picks.length < here.m) here.picks.push(point);
    openingSay(`fifth moves to offer: ${here.picks.map(moveName).join(' ') || 'none'} (${here.m} wanted)`);
    scheduleRender();
    return true;
  }
  if (stones === 4 && here.engine === 'black' && here.offers.length) {
    if (!here.offers.some((p) => p[0] === x && p[1] === y)) {
      openingSay(`pick one of the offered fifth moves: ${here.offers.map(moveName).join(' ')}`);
      return true;
    }
    const n = here.n;
    openingSay(`the fifth move ${moveName(point)}…`);
    playAt(x, y, false).then((played) => {
      if (played) openingDone('black', `Soosõrv-${n}: your 6th move, as white`);
    });
    return true;
  }
  return false;
}

/** "offer fifths": the person's fifth moves go to the engine, which picks one (step 6). */
function offerFifths() {
  const here = openingHere();
  const stones = pathOf(state.current).length;
  if (!here || here.rule !== 'soosorv' || stones !== 4 || here.engine !== 'white' || here.m === null) {
    openingSay('fifth moves are offered by black after the 4th');
    return;
  }
  if (here.picks.length !== here.m) {
    openingSay(`${here.m} fifth move(s) wanted, ${here.picks.length} chosen`);
    return;
  }
  openingAsk('soosorv', { step: 6, number: here.m, offers: here.picks });
}

/** The fifth moves to show as ghost stones: the engine's offers or the person's picks. */
function openingFifths() {
  const here = openingHere();
  if (!here || here.rule !== 'soosorv') return [];
  return here.engine === 'black' ? here.offers : here.picks;
}

function setUpOpenings() {
  const soosorvOnly = () => {
    const hidden = $('opening-rule').value !== 'soosorv';
    for (const e of document.querySelectorAll('.soosorv-only')) e.hidden = hidden;
  };
  $('opening-rule').addEventListener('change', () => {
    opening = null;
    soosorvOnly();
    scheduleRender();
  });
  soosorvOnly();
  $('opening-opens').addEventListener('click', () => openingBegin('black'));
  $('opening-chooses').addEventListener('click', () => openingBegin('white'));
  $('opening-black').addEventListener('click', () => personTakes('black'));
  $('opening-white').addEventListener('click', () => personTakes('white'));
  $('opening-offer').addEventListener('click', offerFifths);
}
