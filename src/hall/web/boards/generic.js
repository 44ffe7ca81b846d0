// The board of a game that has no web board of its own yet (the door
// serves it as /web/boards/ID.js for any game of the registry without
// one): the view as the game writes it, and each legal action as a
// button. A game's own board replaces it by being added beside it
// (src/hall/web/boards/ID.js and one line in src/hall/web.rs's BOARDS).

/** An action as a button's words: "Pass", "RaiseTo 60", "Play As". */
function words(action) {
  if (typeof action === "string") return action;
  return JSON.stringify(action).replace(/[{}"[\]]/g, " ").replace(/\s*:\s*/g, " ").replace(/\s+/g, " ").trim();
}

export function board(ctx) {
  const view = document.createElement("pre");
  view.className = "generic-view";
  const actions = document.createElement("div");
  actions.className = "actions";
  ctx.root.appendChild(view);
  ctx.controls.appendChild(actions);

  function show(m) {
    view.textContent = m.view === null ? "" : JSON.stringify(m.view, null, 1);
    actions.replaceChildren();
    if (!ctx.myTurn(m)) return 0;
    (m.legal || []).forEach((action, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "action-" + i;
      b.textContent = words(action);
      b.addEventListener("click", () => ctx.act(action));
      actions.appendChild(b);
    });
    return 0;
  }

  return { show };
}
