"""The card games in a real browser: headless Chromium driven by Selenium
against a running cardgames hall (tests/hall/hall_web.rs starts the hall,
runs this script and checks what it prints against the engine).

    cards_browser.py holdem URL OUT      two browser players and a bot play
                                         Hold'em hands by clicking, one of
                                         them reloading mid-hand, a
                                         spectator watching at a phone's width
    cards_browser.py honeymoon URL OUT   a browser player against a bot: a
                                         whole honeymoon bridge deal
    cards_browser.py widths URL OUT      every page at 390 and 1920 pixels

The last line printed is one JSON object: what the pages showed. Every
wait is bounded. The helpers (the browser, waits) are doom_browser.py's.
"""

import json
import os
import signal
import sys
import time

sys.dont_write_bytecode = True  # importing doom_browser leaves no cache in the checkout

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from doom_browser import browser, close, wait, well_formed

PHONE = (390, 844)
WIDE = (1920, 1080)


def attr(d, name):
    return d.find_element(By.ID, "table").get_attribute(name)


def state(d):
    return d.execute_script("return window.hallTable ? window.hallTable() : null")


def snapshot(d):
    """The table state on the page with its turn and position, read at once."""
    return d.execute_script(
        "var m = document.getElementById('table');"
        "return {state: window.hallTable ? window.hallTable() : null, turn: m.dataset.turn,"
        " position: m.dataset.deal + ':' + m.dataset.step};"
    )


def console_errors(d):
    return [l["message"] for l in d.get_log("browser") if l["level"] == "SEVERE"]


def outside(d, origin):
    names = d.execute_script("return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
    return [n for n in names if not n.startswith(origin)]


def fits(d):
    """Whether the page fits its width: no sideways scrolling."""
    return d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")


def small_targets(d):
    """Buttons, selects and inputs shown smaller than 44 px high (touch targets)."""
    return d.execute_script(
        """
        var out = [];
        document.querySelectorAll('button, select, input, .button-link').forEach(function (e) {
          var r = e.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) return;
          if (e.type === 'checkbox') return;
          if (r.height < 44) out.push((e.id || e.tagName) + ':' + Math.round(r.height));
        });
        return out;
        """
    )


def low_contrast(d):
    """Text shown with less contrast than WCAG AA asks (4.5:1, 3:1 for
    large text) against the colour behind it; disabled controls and the
    SVG board aside."""
    return d.execute_script(
        """
        function parse(c) {
          var m = /rgba?\(([^)]+)\)/.exec(c);
          if (!m) return null;
          var p = m[1].split(',').map(Number);
          return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
        }
        function behind(e) {
          for (; e; e = e.parentElement) {
            var c = parse(getComputedStyle(e).backgroundColor);
            if (c && c.a > 0.5) return c;
          }
          return { r: 255, g: 255, b: 255, a: 1 };
        }
        function lum(c) {
          var f = function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
          return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
        }
        var out = [];
        document.body.querySelectorAll('*').forEach(function (e) {
          if (e.closest('svg') || e.closest(':disabled') || e.closest('[hidden]')) return;
          var text = Array.from(e.childNodes).some(function (n) { return n.nodeType === 3 && n.textContent.trim(); });
          if (!text) return;
          var r = e.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) return;
          var s = getComputedStyle(e);
          var fg = parse(s.color), bg = behind(e);
          var a = lum(fg), b = lum(bg);
          var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          var size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
          var need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
          if (ratio < need) out.push((e.id || e.className || e.tagName) + ': ' + ratio.toFixed(2) + ' ' + e.textContent.trim().slice(0, 20));
        });
        return out;
        """
    )


def shoot(d, out, name, size):
    d.set_window_size(*size)
    d.execute_script("window.scrollTo(0, 0)")
    path = os.path.join(out, name + ".png")
    d.save_screenshot(path)
    width, inner = fits(d)
    return {
        "name": name,
        "path": path,
        "scroll_width": width,
        "inner_width": inner,
        "small": small_targets(d),
        "low_contrast": low_contrast(d),
    }


def start_table(d, url, game, choices, ai, open_seats, private=False):
    """Creates a table of `game` from the start page: `choices` are the
    form's (key, shown text); returns the table's number once its page is up."""
    d.get(url + "/")
    wait(d, lambda d: d.find_element(By.ID, "start").get_attribute("data-ready") == "yes", "logged in")
    Select(d.find_element(By.ID, "game")).select_by_value(game)
    wait(d, lambda d: d.find_element(By.ID, "create").get_attribute("data-game") == game, "the game's form")
    for key, text in choices:
        select = Select(d.find_element(By.ID, "field-" + key))
        if select.first_selected_option.text != text:
            old = select._el
            select.select_by_visible_text(text)
            wait(d, lambda d: d.find_element(By.ID, "field-" + key) != old, "the form after " + key)
    if ai is not None:
        Select(d.find_element(By.ID, "ai")).select_by_value(ai)
    Select(d.find_element(By.ID, "open")).select_by_value(str(open_seats))
    seconds = d.find_element(By.ID, "seconds")
    seconds.clear()
    seconds.send_keys("600")
    if private:
        d.find_element(By.ID, "private").click()
    d.find_element(By.ID, "create-button").click()
    wait(d, lambda d: "/table/" in d.current_url, "the table's page")
    return int(d.current_url.split("/table/")[1].split("?")[0])


def holdem_act(d, raise_once, keys=False):
    """One Hold'em action by clicking: a raise (the minimum, from its
    button) when `raise_once` and allowed, else check or call; with `keys`,
    check or call by its key instead. Returns the action sent."""
    if keys:
        word = "Call" if d.find_element(By.ID, "call").text.startswith("Call") else "Check"
        d.find_element(By.TAG_NAME, "body").send_keys("c")
        return word
    raise_box = d.find_elements(By.CSS_SELECTOR, ".raise-box:not([hidden])")
    if raise_once and raise_box:
        d.find_element(By.ID, "min-bet").click()
        amount = d.find_element(By.ID, "amount").get_attribute("value")
        d.find_element(By.ID, "raise").click()
        return {"RaiseTo": int(amount)}
    button = d.find_element(By.ID, "call")
    word = "Call" if button.text.startswith("Call") else "Check"
    button.click()
    return word


def holdem(url, out):
    ann, ben, spectator = browser(), browser(), None
    report = {"clicks": {"ann": [], "ben": []}}
    try:
        # ann makes a table of three from the start page: herself, a seat
        # left for a person and the computer.
        table = start_table(ann, url, "holdem", [("seats", "3")], "normal", 1)
        report["table"] = table
        report["pages"] = [well_formed(url + "/table/" + str(table))]
        ben.get(url + "/table/" + str(table))
        wait(ben, lambda d: d.find_elements(By.ID, "sit-1"), "a free seat")
        ben.find_element(By.ID, "sit-1").click()
        wait(ben, lambda d: state(d) and state(d)["you"] == 1, "ben seated")
        # Both play by clicking until a hand all three were dealt in is over.
        acted = {"ann": None, "ben": None}
        raised = {"ann": False}
        reloaded = False
        full = None
        while full is None:
            did = False
            for who, d in (("ann", ann), ("ben", ben)):
                snap = snapshot(d)
                s = snap["state"]
                if s is None:
                    continue
                view = s.get("view") or {}
                st = view.get("state")
                dealt_all = st is not None and all(x != "Out" for x in st["status"][: st["n"]])
                if dealt_all and s["stage"] and s["stage"]["stage"] != "turn" and st["street"] == "Over":
                    full = full or (who, s)
                    continue
                if snap["turn"] != "you" or acted[who] == snap["position"]:
                    continue
                if who == "ben" and dealt_all and not reloaded:
                    # A reload mid-hand comes back to the seat, cards and turn.
                    before = st["holes"][1]
                    lines = len(d.find_elements(By.CSS_SELECTOR, "#log li"))
                    d.refresh()
                    wait(d, lambda d: attr(d, "data-turn") == "you", "ben's turn again after the reload")
                    report["reload"] = {"holes_before": before, "holes_after": state(d)["view"]["state"]["holes"][1],
                                        "you": state(d)["you"], "log_before": lines,
                                        "log_after": len(d.find_elements(By.CSS_SELECTOR, "#log li"))}
                    reloaded = True
                if spectator is None and dealt_all:
                    spectator = browser()
                    spectator.set_window_size(*PHONE)
                    spectator.get(url + "/table/" + str(table))
                    wait(spectator, lambda d: state(d) is not None and state(d)["view"] is not None, "the spectator's view")
                    report["spectator_mid_hand"] = {
                        "holes": state(spectator)["view"]["state"]["holes"],
                        "faces": len(spectator.find_elements(By.CSS_SELECTOR, ".pseat .card[data-card]")),
                        "backs": len(spectator.find_elements(By.CSS_SELECTOR, ".pseat .card.back")),
                        "legal": state(spectator)["legal"],
                        "buttons": spectator.execute_script(
                            "return Array.from(document.querySelectorAll('#controls button'))"
                            ".filter(function (b) { return b.offsetParent !== null; }).length"),
                        "shot": shoot(spectator, out, "holdem-spectator-390", PHONE),
                    }
                acted[who] = snap["position"]
                # Before ben is dealt in, ann plays by keyboard; then by clicks.
                action = holdem_act(d, who == "ann" and dealt_all and not raised["ann"], keys=not dealt_all)
                if who == "ann" and dealt_all and isinstance(action, dict):
                    raised["ann"] = True
                report["clicks"][who].append({"deal": s["deal"], "action": action})
                did = True
            if not did:
                time.sleep(0.05)
        who, final = full
        d = ann if who == "ann" else ben
        report["deal"] = final["deal"]
        report["final"] = {
            "stacks": final["view"]["state"]["stacks"][: final["view"]["state"]["n"]],
            "names": [s["name"] for s in final["seats"]],
            "drawn": [e.get_attribute("data-stack") for e in d.find_elements(By.CSS_SELECTOR, ".pseat .stack")],
        }
        report["shots"] = [shoot(ann, out, "holdem-1920", WIDE), shoot(ann, out, "holdem-390", PHONE)]
        # Chat at the table reaches the other player.
        ann.find_element(By.ID, "chat-text").send_keys("nice hand")
        ann.find_element(By.ID, "chat-form").submit()
        wait(ben, lambda d: "nice hand" in d.find_element(By.ID, "chat").text, "the chat line at ben's")
        report["chat"] = ben.find_element(By.ID, "chat").text
        report["hud"] = ann.find_element(By.ID, "pseat-1").get_attribute("title")
        report["pages"].append(well_formed(url + "/"))
        report["console_errors"] = console_errors(ann) + console_errors(ben)
        report["outside_resources"] = outside(ann, url) + outside(ben, url)
        if spectator is not None:
            report["console_errors"] += console_errors(spectator)
        report["log"] = [li.text for li in ann.find_elements(By.CSS_SELECTOR, "#log li")][-30:]
        return report
    finally:
        for d in (ann, ben, spectator):
            if d is not None:
                close(d)


def honeymoon(url, out):
    """A whole honeymoon deal against the computer, every call and card a
    click: the lowest bid once (so that the deal is played), else a pass;
    then the first card the board offers."""
    d = browser()
    report = {"clicks": []}
    try:
        table = start_table(d, url, "honeymoon", [], "greedy", 0, private=True)
        report["table"] = table
        report["url"] = d.current_url
        wait(d, lambda d: d.find_element(By.ID, "invite-line").is_displayed(), "the invite link")
        report["invite_link"] = d.find_element(By.ID, "invite-link").get_attribute("href")
        report["pages"] = [well_formed(report["invite_link"])]
        acted, bid, shots = None, False, []
        while True:
            snap = snapshot(d)
            s = snap["state"]
            if s and s["stage"] and s["stage"]["stage"] != "turn" and s["deal"] >= 1 and s["view"]:
                break
            if snap["turn"] != "you" or acted == snap["position"]:
                time.sleep(0.05)
                continue
            acted = snap["position"]
            phase = s["view"]["phase"]
            if phase == "Play" and not shots:
                shots = [shoot(d, out, "honeymoon-1920", WIDE), shoot(d, out, "honeymoon-390", PHONE)]
                # A spectator (by the invite link) sees neither hand.
                spy = browser()
                try:
                    spy.get(report["invite_link"])
                    wait(spy, lambda d: state(d) is not None and state(d)["view"] is not None, "the spectator's view")
                    v = state(spy)["view"]
                    report["spectator"] = {
                        "hand": v["hand"],
                        "my_draws": v["my_draws"],
                        "you": state(spy)["you"],
                        "faces_in_hands": len(spy.find_elements(By.CSS_SELECTOR, "#hand [data-card], .hm-other [data-card]")),
                        "backs": len(spy.find_elements(By.CSS_SELECTOR, ".hm-other .card.back")),
                        "errors": console_errors(spy),
                    }
                finally:
                    close(spy)
            if phase == "Bidding":
                bids = d.find_elements(By.CSS_SELECTOR, "#bidding-box button[id^='bid-']")
                if bids and not bid:
                    button, bid = bids[0], True
                else:
                    button = d.find_element(By.ID, "call-pass")
            else:
                button = d.find_elements(By.CSS_SELECTOR, "#hand button.card-button.legal:not([disabled])")[0]
            report["clicks"].append(button.get_attribute("id"))
            button.click()
        report["final"] = s["view"]["result"]
        wait(d, lambda d: d.find_elements(By.ID, "analysis") or "No double-dummy" in d.find_element(By.ID, "review").text,
             "the double-dummy review")
        report["result"] = d.find_element(By.ID, "result").text
        report["review"] = d.find_element(By.ID, "review").text
        report["calls_offered"] = report["clicks"]
        report["shots"] = shots + [shoot(d, out, "honeymoon-over-390", PHONE)]
        report["console_errors"] = console_errors(d)
        report["outside_resources"] = outside(d, url)
        report["log"] = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#log li")][-8:]
        return report
    finally:
        close(d)


def widths(url, out):
    """The start page and a Dice of Doom table's page at a phone's width
    and a wide screen's: each fits (no sideways scrolling), its targets
    big enough to touch."""
    d = browser()
    try:
        table = start_table(d, url, "doom", [], "book", 0)
        wait(d, lambda d: attr(d, "data-turn") in ("you", "other"), "the game begun")
        shots = [shoot(d, out, "doom-1920", WIDE), shoot(d, out, "doom-390", PHONE)]
        d.get(url + "/")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#table-rows tr"), "the lobby's tables")
        Select(d.find_element(By.ID, "game")).select_by_value("holdem")
        wait(d, lambda d: d.find_element(By.ID, "create").get_attribute("data-game") == "holdem", "Hold'em's form")
        shots += [shoot(d, out, "start-390", PHONE), shoot(d, out, "start-1920", WIDE)]
        # Lobby chat reaches everyone online, this page too.
        d.find_element(By.ID, "chat-text").send_keys("hello hall")
        d.find_element(By.ID, "chat-form").submit()
        wait(d, lambda d: "hello hall" in d.find_element(By.ID, "chat").text, "the lobby chat line")
        chat = d.find_element(By.ID, "chat").text
        lobby = [
            {"game": r.get_attribute("data-game"), "text": r.text}
            for r in d.find_elements(By.CSS_SELECTOR, "#table-rows tr")
        ]
        fields = [e.get_attribute("id") for e in d.find_elements(By.CSS_SELECTOR, "#fields select")]
        # A game without a board of its own (Nim) is played on the generic
        # board: its legal actions as buttons.
        nim = start_table(d, url, "nim", [], None, 0)
        generic = []
        acted = None
        while True:
            snap = snapshot(d)
            s = snap["state"]
            if s and s["stage"] and s["stage"]["stage"] != "turn" and s["deal"] >= 1:
                break
            if snap["turn"] != "you" or acted == snap["position"]:
                time.sleep(0.05)
                continue
            acted = snap["position"]
            button = d.find_element(By.ID, "action-0")
            generic.append(button.text)
            button.click()
        return {
            "table": table,
            "shots": shots,
            "fields": fields,
            "nim": nim,
            "generic_clicks": generic,
            "generic_result": d.find_element(By.ID, "result").text,
            "lobby": lobby,
            "chat": chat,
            "console_errors": console_errors(d),
            "outside_resources": outside(d, url),
        }
    finally:
        close(d)


def run():
    signal.alarm(600)  # never outlive the test
    scenario = sys.argv[1]
    if scenario == "holdem":
        report = holdem(sys.argv[2], sys.argv[3])
    elif scenario == "widths":
        report = widths(sys.argv[2], sys.argv[3])
    elif scenario == "honeymoon":
        report = honeymoon(sys.argv[2], sys.argv[3])
    else:
        raise SystemExit("unknown scenario " + scenario)
    print(json.dumps(report))


if __name__ == "__main__":
    run()
