"""Dice of Doom in a real browser: headless Chromium driven by Selenium
against a running cardgames hall (tests/hall/hall_web.rs starts the hall, runs
this script and checks what it prints against the engine).

    doom_browser.py versus-ai URL OUT        create a 3x3 classic table from
                                             the start page against the book's
                                             AI and play a game by clicking
    doom_browser.py join URL TABLE SEAT OUT  sit at TABLE's SEAT and play a
                                             game, a spectator watching too

The last line printed is one JSON object: what the pages showed. Every
wait is bounded; the browser and its driver are Debian's (/usr/bin, or
CARDGAMES_CHROMIUM and CARDGAMES_CHROMEDRIVER), started offline with a
fresh profile.
"""

import json
import os
import shutil
import signal
import struct
import sys
import tempfile
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

WAIT = 120  # seconds any one thing may take to show
XHTML = "{http://www.w3.org/1999/xhtml}"


def browser():
    """Headless Chromium with a fresh profile of its own (see close)."""
    profile = tempfile.mkdtemp(prefix="cardgames-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CARDGAMES_CHROMIUM", "/usr/bin/chromium")
    for arg in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,1000",
        "--user-data-dir=" + profile,
    ]:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = os.environ.get("CARDGAMES_CHROMEDRIVER", "/usr/bin/chromedriver")
    d = webdriver.Chrome(options=options, service=Service(driver))
    d.cardgames_profile = profile
    return d


def close(d):
    """Quits the browser and removes its profile."""
    try:
        d.quit()
    finally:
        shutil.rmtree(d.cardgames_profile, ignore_errors=True)


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.status, r.headers.get("Content-Type", ""), r.read().decode("utf-8")


def well_formed(url):
    """The page at `url` parses as XML (XHTML for pages): its root's tag."""
    status, kind, text = fetch(url)
    assert status == 200, (url, status)
    root = ET.fromstring(text.split("\n", 1)[1] if text.startswith("<!DOCTYPE") else text)
    return {"url": url, "type": kind, "root": root.tag}


def png_facts(data):
    """Width, height and colours of a PNG (8-bit RGB or RGBA, as Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    colours, reds, blues = {}, 0, 0
    for line in rows:
        for x in range(0, stride, channels):
            r, g, b = line[x], line[x + 1], line[x + 2]
            colours[(r, g, b)] = colours.get((r, g, b), 0) + 1
            if r > 150 and g < 120 and b < 120:
                reds += 1
            if b > 150 and r < 120 and g < 120:
                blues += 1
    commonest = max(colours.values())
    return {
        "width": width,
        "height": height,
        "colours": len(colours),
        "background_share": commonest / (width * height),
        "red_pixels": reds,
        "blue_pixels": blues,
    }


def main_el(d):
    return d.find_element(By.ID, "table")


def attr(d, name):
    return main_el(d).get_attribute(name)


def wait(d, what, why):
    return WebDriverWait(d, WAIT, poll_frequency=0.05).until(lambda d: what(d), why)


def games_over(d):
    return d.execute_script("return window.doomGames.length")


def shown_count(d):
    return d.execute_script("return window.doomShown.length")


def play_one_game(d):
    """Plays the browser's seat by clicking until a game is over: the first
    hex it may attack from, then the first hex that may be attacked, or the
    End turn button when no attack is left. Returns the clicks made."""
    clicks = []
    while games_over(d) == 0:
        wait(d, lambda d: attr(d, "data-turn") == "you" or games_over(d) > 0, "my turn or the game's end")
        if games_over(d) > 0:
            break
        before = shown_count(d)
        sources = d.find_elements(By.CSS_SELECTOR, "#board g.hex.legal.source")
        if sources:
            source = sources[0].get_attribute("data-hex")
            sources[0].click()
            wait(d, lambda d: attr(d, "data-chosen") == source, "the chosen hex drawn")
            chosen = d.find_element(By.ID, "hex-" + source)
            assert "chosen" in chosen.get_attribute("class").split(), chosen.get_attribute("class")
            targets = d.find_elements(By.CSS_SELECTOR, "#board g.hex.legal.target")
            assert targets, "a hex to attack from has a hex to attack"
            target = targets[0].get_attribute("data-hex")
            targets[0].click()
            clicks.append(source + "->" + target)
        else:
            button = d.find_element(By.ID, "pass")
            assert button.is_enabled(), "no attack left: End turn is offered"
            button.click()
            clicks.append("pass")
        wait(d, lambda d: shown_count(d) > before or games_over(d) > 0, "the move drawn")
    return clicks


def choose(d, key, text):
    """Chooses `text` for option `key` of the start page's form, and waits
    for the form the hall sends back."""
    select = Select(d.find_element(By.ID, "field-" + key))
    if select.first_selected_option.text == text:
        return
    select.select_by_visible_text(text)
    wait(d, lambda d: Select(d.find_element(By.ID, "field-" + key)).first_selected_option.text == text
         and d.find_element(By.ID, "field-" + key) != select._el, "the form after " + key)


def page_report(d, origin):
    resources = d.execute_script(
        "return performance.getEntriesByType('resource').map(function (e) { return e.name; })"
    )
    outside = [r for r in resources if not r.startswith(origin)]
    errors = [l["message"] for l in d.get_log("browser") if l["level"] == "SEVERE"]
    return {
        "games": d.execute_script("return window.doomGames"),
        # The first game's result as shown when it ended (the next game
        # clears it as it begins).
        "result": d.execute_script("return window.doomGames.length ? window.doomGames[0].result : ''"),
        "winners": d.execute_script("return window.doomGames.length ? window.doomGames[0].winners : ''"),
        "outside_resources": outside,
        "console_errors": errors,
        "log": [li.text for li in d.find_elements(By.CSS_SELECTOR, "#log li")],
    }


def versus_ai(url, out):
    pages = [well_formed(url + "/"), well_formed(url + "/doom/board.svg?board=a3%20b2%20a1%20b1&chosen=0&legal=1")]
    d = browser()
    try:
        d.get(url + "/")
        wait(d, lambda d: d.find_element(By.ID, "start").get_attribute("data-ready") == "yes", "logged in")
        Select(d.find_element(By.ID, "game")).select_by_value("doom")
        wait(d, lambda d: d.find_element(By.ID, "create").get_attribute("data-game") == "doom", "the game's form")
        # The form comes from the hall (the registry's), each choice asked anew.
        for key, text in [("size", "3×3"), ("players", "2"), ("rules", "classic (more dice win)"), ("max_dice", "3")]:
            choose(d, key, text)
        Select(d.find_element(By.ID, "ai")).select_by_value("book")
        Select(d.find_element(By.ID, "open")).select_by_value("0")
        seconds = d.find_element(By.ID, "seconds")
        seconds.clear()
        seconds.send_keys("600")
        d.find_element(By.ID, "create-button").click()
        wait(d, lambda d: "/table/" in d.current_url, "the table's page")
        table = int(d.current_url.rsplit("/", 1)[1])
        pages.append(well_formed(url + "/doom/" + str(table)))
        wait(d, lambda d: attr(d, "data-turn") in ("you", "other"), "the first move awaited")
        board = d.find_element(By.ID, "board")
        png = board.screenshot_as_png
        path = os.path.join(out, "doom-start.png")
        with open(path, "wb") as f:
            f.write(png)
        facts = png_facts(png)
        facts["path"] = path
        facts["element"] = board.size
        facts["ratio"] = d.execute_script("return window.devicePixelRatio")
        first = d.execute_script("return window.doomShown[0]")
        clicks = play_one_game(d)
        report = page_report(d, url)
        # The winner stays until the next game begins, then goes.
        wait(d, lambda d: attr(d, "data-deal") == "2" and attr(d, "data-turn") in ("you", "other"), "the next game")
        report["result_in_next_game"] = d.find_element(By.ID, "result").text
        report.update(
            {"table": table, "pages": pages, "screenshot": facts, "first": first, "clicks": clicks}
        )
        d.save_screenshot(os.path.join(out, "doom-over.png"))
        return report
    finally:
        close(d)


def join(url, table, seat, out):
    pages = [well_formed(url + "/doom/" + str(table))]
    try:
        fetch(url + "/doom/" + str(table + 1000))
        missing = 200
    except urllib.error.HTTPError as e:
        missing = e.code
    player, watcher = browser(), browser()
    try:
        for d in (player, watcher):
            d.get(url + "/doom/" + str(table))
        wait(watcher, lambda d: attr(d, "data-turn") != "waiting" or d.find_elements(By.ID, "sit-" + str(seat)), "the seats")
        wait(player, lambda d: d.find_elements(By.ID, "sit-" + str(seat)), "a free seat")
        player.find_element(By.ID, "sit-" + str(seat)).click()
        wait(player, lambda d: attr(d, "data-turn") in ("you", "other"), "the game begun")
        wait(watcher, lambda d: attr(d, "data-turn") in ("you", "other") or games_over(d) > 0, "the watcher sees it")
        assert attr(watcher, "data-turn") != "you", "a spectator never has the turn"
        clicks = play_one_game(player)
        wait(watcher, lambda d: games_over(d) > 0, "the watcher sees the end")
        watcher_legal = len(watcher.find_elements(By.CSS_SELECTOR, "#board g.hex.legal"))
        watcher_pass = watcher.find_element(By.ID, "pass").is_enabled()
        seats = [li.text for li in player.find_elements(By.CSS_SELECTOR, "#seat-list li")]
        report = page_report(player, url)
        report.update(
            {
                "pages": pages,
                "missing_table_status": missing,
                "clicks": clicks,
                "seats": seats,
                "watcher": page_report(watcher, url),
                "watcher_legal_hexes": watcher_legal,
                "watcher_pass_enabled": watcher_pass,
            }
        )
        player.save_screenshot(os.path.join(out, "doom-join-over.png"))
        return report
    finally:
        close(player)
        close(watcher)


def run():
    signal.alarm(900)  # never outlive the test
    scenario = sys.argv[1]
    if scenario == "versus-ai":
        report = versus_ai(sys.argv[2], sys.argv[3])
    elif scenario == "join":
        report = join(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    else:
        raise SystemExit("unknown scenario " + scenario)
    print(json.dumps(report))


if __name__ == "__main__":
    run()
