// One render per animation frame, shared by the live view and renzoku board: every change asks
// for `scheduleRender()`, and the page's own global `render()` runs once before the next paint.
'use strict';

let renderQueued = false;

function scheduleRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    render();
  });
}
