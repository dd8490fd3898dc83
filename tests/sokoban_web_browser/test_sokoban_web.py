#!/usr/bin/env python3
"""End-to-end tests of the page of `sokoban serve` in headless Chromium.

Each scenario starts `sokoban serve --port 0 --data <fresh folder>`, reads the page's address from
the first line of its standard output, drives the page with Selenium (keys, clicks, the profile
dialog), and stops the server at the end. The page exposes the game the server sent it as data-*
attributes of #game-state and #race-state (a canvas cannot be read back), which is what the
assertions read besides the visible text.

Usage: test_sokoban_web.py SCENARIO --sokoban PATH [--screenshots DIR]
Exit status: 0 passed, 1 failed, 77 skipped (Selenium, Chromium or chromedriver missing).
"""

import argparse
import json
import os
import sys
import time
import traceback
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "browser_common"))
from browser_test import SKIP, ProgramServer, fail, find_tools, start_browser  # noqa: E402


# -------------------------------------------------------------------------------------------------
# The server


class Server(ProgramServer):
    """`sokoban serve` on a free port with a data folder of its own, stopped on exit."""

    def __init__(self, program):
        super().__init__("sokoban serve",
                         lambda folder: [program, "serve", "--port", "0", "--data", os.path.join(folder, "data")],
                         "sokoban-web-test-")

    def __enter__(self):
        super().__enter__()
        if not self.url.endswith("/"):
            self.url += "/"
        return self

    def api(self, method, path, body=None):
        """One JSON request to the API (for the tests' own set-up and for the solver's answers)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + "api/" + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as e:
            fail(f"{method} /api/{path}: {e.code} {e.read().decode(errors='replace')}")

    def solution(self, collection, level):
        """The solver's solution of a level (LURD), asked through the API on a guest game."""
        game = self.api("POST", "games", {"collection": collection, "level": level})
        job = self.api("POST", f"games/{game['id']}/solve")["job"]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            state = self.api("GET", f"jobs/{job}")
            if state["state"] == "done":
                result = state["result"]
                if result["status"] != "solved":
                    fail(f"the solver did not solve level {level}: {result}")
                return result["lurd"]
            time.sleep(0.05)
        fail(f"the solver's job {job} for level {level} did not finish within 30 s")


class Page:
    """The game page in the browser, with the waits and reads the scenarios share."""

    def __init__(self, driver, server, screenshots):
        self.d = driver
        self.server = server
        self.screenshots = screenshots

    # --- reading

    def state(self):
        return self.d.execute_script(
            "return Object.assign({}, document.getElementById('game-state').dataset);")

    def race_state(self):
        return self.d.execute_script(
            "return Object.assign({}, document.getElementById('race-state').dataset);")

    def text(self, element_id):
        return self.d.find_element("id", element_id).text

    def visible(self, element_id):
        elements = self.d.find_elements("id", element_id)
        return bool(elements) and elements[0].is_displayed()

    def wait(self, condition, what, timeout=20):
        """Polls condition() until it is true; fails naming `what` and the page's state."""
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait
        try:
            WebDriverWait(self.d, timeout, poll_frequency=0.05).until(lambda _: condition())
        except TimeoutException:
            fail(f"timed out after {timeout} s waiting for {what}; game state {self.state()}; "
                 f"race state {self.race_state()}; message {self.text('message')!r}; "
                 f"profile dialog's message {self.text('profile-error')!r}")

    def wait_idle(self):
        self.wait(lambda: self.state().get("pending") == "0", "the page's requests to finish")

    # --- acting

    def open(self):
        self.d.get(self.server.url)
        self.wait(lambda: self.visible("profile-dialog"), "the profile dialog")

    def keys(self, *keys):
        """Key presses to the page itself (not to a field or button that has the focus)."""
        from selenium.webdriver.common.action_chains import ActionChains
        self.d.execute_script("if (document.activeElement) document.activeElement.blur();")
        ActionChains(self.d).send_keys(*keys).perform()

    def lurd_keys(self, lurd):
        from selenium.webdriver.common.keys import Keys
        arrows = {"l": Keys.ARROW_LEFT, "u": Keys.ARROW_UP, "r": Keys.ARROW_RIGHT, "d": Keys.ARROW_DOWN}
        return [arrows[c.lower()] for c in lurd]

    def click(self, css):
        self.d.find_element("css selector", css).click()

    def create_profile(self, name):
        field = self.d.find_element("id", "profile-name")
        field.clear()
        field.send_keys(name)
        self.click("#profile-form button[type=submit]")
        self.wait(lambda: not self.visible("profile-dialog") and self.state().get("profile") == name,
                  f"the game of the new profile {name!r}")

    def choose_profile(self, name):
        self.wait(lambda: any(b.get_attribute("data-name") == name
                              for b in self.d.find_elements("css selector", ".profile-choose")),
                  f"the profile {name!r} in the dialog")
        for b in self.d.find_elements("css selector", ".profile-choose"):
            if b.get_attribute("data-name") == name:
                b.click()
                break
        self.wait(lambda: not self.visible("profile-dialog") and self.state().get("profile") == name,
                  f"the game of the profile {name!r}")

    def level_button(self, level):
        return self.d.find_element("css selector", f"#level-list button.level[data-level='{level}']")

    def open_level(self, level):
        self.level_button(level).click()
        self.wait(lambda: self.state().get("level") == str(level) and self.state().get("pending") == "0",
                  f"level {level}")

    def click_square(self, row, col):
        """A real mouse click on the centre of a square of the player's board."""
        from selenium.webdriver.common.action_chains import ActionChains
        canvas = self.d.find_element("id", "board")
        state = self.state()
        rows = state["board"].split("\n")
        width, height = len(rows[0]), len(rows)
        size = canvas.size
        dx = (col + 0.5) * size["width"] / width - size["width"] / 2
        dy = (row + 0.5) * size["height"] / height - size["height"] / 2
        ActionChains(self.d).move_to_element_with_offset(canvas, int(dx), int(dy)).click().perform()

    def screenshot(self, name):
        if not self.screenshots:
            return
        os.makedirs(self.screenshots, exist_ok=True)
        path = os.path.join(self.screenshots, name)
        self.d.save_screenshot(path)
        print(f"screenshot: {path}")

    def settle(self):
        """Lets a banner's entrance animation finish before a screenshot (not a wait for a state)."""
        time.sleep(0.7)

    def check_console(self):
        """A JavaScript exception in the page fails the test."""
        errors = [e["message"] for e in self.d.get_log("browser")
                  if e.get("level") == "SEVERE" and "Uncaught" in e.get("message", "")]
        if errors:
            fail("JavaScript errors in the page: " + "; ".join(errors))


def board_rows(state):
    return state["board"].split("\n")


# -------------------------------------------------------------------------------------------------
# The scenarios


def scenario_win(page):
    """A new profile solves level 1 by arrow keys, sees the win, and finds level 2 unlocked."""
    page.open()
    # Markup in a name must stay text; URL characters must reach the server whole. (No '/': the
    # server refuses it in a name.)
    name = 'Ann <b>&amp; "Bo" #1? 50%'
    page.create_profile(name)
    if name not in page.text("who-name"):
        fail(f"the profile's name is not shown as text: {page.text('who-name')!r}")
    if page.d.find_elements("css selector", "#who-name b"):
        fail("the profile's name was inserted as HTML")
    state = page.state()
    if state["level"] != "1" or state["moves"] != "0":
        fail(f"a new profile should start at level 1 with no move: {state}")
    if page.level_button(2).get_attribute("data-unlocked") != "false" or page.level_button(2).is_enabled():
        fail("level 2 should be locked before level 1 is solved")

    lurd = page.server.solution(0, 1)
    page.keys(*page.lurd_keys(lurd))
    page.wait(lambda: page.state().get("won") == "true", "the win after the solver's moves typed as keys")
    state = page.state()
    if state["history"].lower() != lurd.lower():
        fail(f"the game's history {state['history']!r} is not the keys typed {lurd!r}")
    if page.text("moves") != str(len(lurd)) or page.text("pushes") != str(sum(c.isupper() for c in lurd)):
        fail(f"the counters show {page.text('moves')} moves, {page.text('pushes')} pushes for {lurd!r}")
    page.wait(lambda: page.visible("banner"), "the win banner")
    banner = page.d.find_element("id", "banner")
    if "win" not in banner.get_attribute("class") or "Solved" not in banner.text:
        fail(f"the banner is not the win: class {banner.get_attribute('class')!r}, text {banner.text!r}")
    if "Level solved" not in page.text("message") or "Level 2 is unlocked" not in page.text("message"):
        fail(f"the win message is {page.text('message')!r}")
    page.wait(lambda: page.level_button(2).get_attribute("data-unlocked") == "true"
              and page.level_button(2).is_enabled(), "level 2 unlocked in the level list")
    page.wait(lambda: page.level_button(1).get_attribute("data-solved") == "true", "level 1 marked solved")
    mark = page.level_button(1).text
    best = f"{len(lurd)}/{sum(c.isupper() for c in lurd)}"
    if best not in mark:
        fail(f"level 1's tile {mark!r} does not show the best moves/pushes {best}")
    page.settle()
    page.screenshot("sokoban_web_win.png")

    # Level 2 opens now, by the key N.
    page.keys("n")
    page.wait(lambda: page.state().get("level") == "2", "level 2 opened with N")
    if page.visible("banner"):
        fail("the win banner stays on the next level")
    page.check_console()


def scenario_save_load(page):
    """Save mid-level, change the position, reload the page, load the save: the same board."""
    from selenium.webdriver.common.keys import Keys
    page.open()
    page.create_profile("bob")
    page.keys(Keys.ARROW_LEFT, Keys.ARROW_RIGHT)
    page.wait(lambda: page.state().get("moves") == "2", "two moves")
    saved = page.state()
    if saved["pushes"] != "1":
        fail(f"level 1's first move left should push its box: {saved}")
    field = page.d.find_element("id", "save-name")
    field.send_keys("before the end")
    page.click("#save-form button[type=submit]")
    page.wait(lambda: any(e.text == "before the end"
                          for e in page.d.find_elements("css selector", "#save-list .save-name")),
              "the save in the list")

    # The position moves on from the save (and is stored so), then the page is loaded afresh.
    page.keys("r")
    page.wait(lambda: page.state().get("moves") == "0", "the restart")
    page.wait_idle()
    page.d.refresh()
    page.wait(lambda: page.visible("profile-dialog"), "the profile dialog after the reload")
    page.choose_profile("bob")
    state = page.state()
    if state["history"] != "" or state["level"] != "1":
        fail(f"the profile should resume level 1 at its start (restarted): {state}")
    page.wait(lambda: page.d.find_elements("css selector", "#save-list .save-load"), "the saves listed")
    page.click("#save-list .save-load[data-name='before the end']")
    page.wait(lambda: page.state().get("history") == saved["history"], "the saved game loaded")
    state = page.state()
    for key in ("board", "player", "moves", "pushes", "level", "collection"):
        if state[key] != saved[key]:
            fail(f"the loaded game's {key} is {state[key]!r}, saved {saved[key]!r}")
    if page.text("moves") != saved["moves"] or page.text("pushes") != saved["pushes"]:
        fail("the counters do not show the loaded game")
    if "loaded" not in page.text("message"):
        fail(f"no message about the loaded game: {page.text('message')!r}")

    # The page in a phone-sized window: the board fits the width.
    page.d.set_window_size(390, 844)
    page.wait(lambda: page.d.execute_script(
        "return document.getElementById('board').getBoundingClientRect().width <= window.innerWidth"),
        "the board to fit a phone-sized window")
    if not page.visible("board") or not page.d.find_element("css selector", ".dpad").is_displayed():
        fail("a phone-sized window shows no board or no move buttons")
    page.screenshot("sokoban_web_phone.png")
    page.check_console()


def scenario_hint(page):
    """A hint on level 2 of a profile that solved level 1 (the box, its direction, a message; H again
    plays it), then "solve from here" played to the win, which is not recorded."""
    server = page.server
    # Set-up through the API: the profile has solved level 1 (so the list shows a solved mark).
    server.api("POST", "profiles", {"name": "carol"})
    game = server.api("POST", "games", {"collection": 0, "level": 1, "profile": "carol"})
    won = server.api("POST", f"games/{game['id']}/moves", {"moves": server.solution(0, 1)})
    if not won["won"]:
        fail(f"the set-up did not win level 1: {won}")
    plan = server.solution(0, 2)
    page.open()
    page.choose_profile("carol")
    page.open_level(2)
    page.keys(*page.lurd_keys(plan[:3]))
    page.wait(lambda: page.state().get("moves") == "3", "three moves on level 2")
    before = page.state()
    page.keys("h")
    page.wait(lambda: page.state().get("hint"), "the hint", timeout=30)
    state = page.state()
    row, col, direction = state["hint"].split(",")
    if board_rows(state)[int(row)][int(col)] not in "$*":
        fail(f"the hint's square {row},{col} holds no box:\n{state['board']}")
    if direction not in ("up", "down", "left", "right"):
        fail(f"the hint's direction is {direction!r}")
    message = page.text("message")
    if "hint" not in message.lower() or direction not in message:
        fail(f"the hint's message is {message!r}")
    if page.visible("job"):
        fail("the search's progress line stays after the hint")
    page.screenshot("sokoban_web.png")

    # H again plays the hint: the walk and one push.
    page.keys("h")
    page.wait(lambda: page.state().get("pushes") == str(int(before["pushes"]) + 1), "the hint played")
    if page.state().get("hint"):
        fail("the hint is still shown after it was played")

    # Solve from here, at the top speed: the solver's moves are played to the win, not recorded.
    from selenium.webdriver.common.keys import Keys
    page.d.find_element("id", "speed").send_keys(Keys.END)
    page.click("#btn-solve")
    page.wait(lambda: page.state().get("playback") == "on", "the solver's playback")
    page.wait(lambda: page.state().get("won") == "true", "the win played by the solver", timeout=30)
    state = page.state()
    if state["assisted"] != "true" or "not recorded" not in page.text("message"):
        fail(f"a level solved by the solver should say so: {state}, {page.text('message')!r}")
    page.wait_idle()
    if page.level_button(2).get_attribute("data-solved") != "false" or page.level_button(3).is_enabled():
        fail("a level solved by the solver's moves was recorded as solved")
    page.check_console()


def scenario_race(page):
    """Race the solver on level 3: step mode (one solver move per move), then clock mode."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
    plan = page.server.solution(0, 3)
    page.open()
    page.click("#guest")
    page.wait(lambda: not page.visible("profile-dialog") and page.state().get("id"), "the guest game")
    page.open_level(3)
    Select(page.d.find_element("id", "race-mode")).select_by_value("step")
    page.wait(lambda: page.visible("race-wrap") and page.race_state().get("mode") == "step", "the race board")
    page.wait(lambda: page.race_state().get("plan"), "the solver's solution", timeout=30)
    race = page.race_state()
    if race["jobState"] != "done" or not race["expanded"] or int(race["expanded"]) <= 0:
        fail(f"the race shows no search progress: {race}")
    progress = page.text("race-progress")
    if "nodes" not in progress or "pushes" not in progress:
        fail(f"the solver's progress line is {progress!r}")
    if race["moves"] != "0":
        fail(f"the solver moved before the player: {race}")

    # Step: each move of the player, one move of the solver.
    for i in range(1, 4):
        page.keys(*page.lurd_keys(plan[i - 1]))
        page.wait(lambda: page.state().get("moves") == str(i) and page.race_state().get("moves") == str(i),
                  f"the solver's answer to move {i}")
    if len(page.race_state()["history"]) != 3:
        fail(f"the solver's board played {page.race_state()['history']!r} for three moves of the player")
    page.screenshot("sokoban_web_race.png")

    # The player finishes with a solution of the solver's: with no more moves than the race
    # solver's, the player's last move wins first (the solver answers a move, it never moves ahead).
    page.keys(*page.lurd_keys(plan[3:]))
    page.wait(lambda: page.race_state().get("outcome") not in ("running", None), "the end of the race")
    race = page.race_state()
    if len(plan) <= int(race["plan"]):
        if race["outcome"] != "player_won" or race["won"] == "true":
            fail(f"the player won in {len(plan)} moves against {race['plan']}: {race}")
        if "You won the race" not in page.text("message"):
            fail(f"the race's end message is {page.text('message')!r}")
    elif race["outcome"] != "solver_won" or "solver won" not in page.text("message"):
        fail(f"the solver's {race['plan']} moves beat the player's {len(plan)}: {race}, {page.text('message')!r}")

    # Clock: the solver plays on its own once it has its solution; the player does nothing.
    field = page.d.find_element("id", "race-interval")
    Select(page.d.find_element("id", "race-mode")).select_by_value("clock")
    page.wait(lambda: page.visible("race-interval"), "the clock's interval field")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("60")
    page.keys("r")  # restarts the race, now at 60 ms a move
    page.wait(lambda: page.race_state().get("mode") == "clock" and page.state().get("moves") == "0"
              and int(page.race_state().get("moves") or 0) >= 3, "the solver moving on its clock")
    page.wait(lambda: page.race_state().get("outcome") == "solver_won", "the solver's win on its clock",
              timeout=30)
    if page.state()["moves"] != "0":
        fail("the player's board moved during the clock race")
    page.check_console()


def scenario_deadlock(page):
    """WASD/ZQSD keys, a click to walk, a push into a corner: the deadlock warning; undo, redo, restart."""
    page.open()
    page.click("#guest")
    page.wait(lambda: not page.visible("profile-dialog") and page.state().get("id"), "the guest game")
    page.keys("n")
    page.wait(lambda: page.state().get("level") == "2", "level 2")
    start = page.state()
    expected = ["########", "#  .   #", "# $##$ #", "#  @   #", "# #  #.#", "#   $  #", "#.     #", "########"]
    if board_rows(start) != expected:
        fail(f"the built-in level 2 changed; this scenario pushes a box into its top-left corner:\n{start['board']}")

    # WASD: right, down, up, left brings the player back.
    page.keys("d", "s", "w", "a")
    page.wait(lambda: page.state().get("history") == "rdul", "the WASD moves")
    # ZQSD: left (q), then up (z) pushes the box at (2,2) to (1,2).
    page.keys("q", "z")
    page.wait(lambda: page.state().get("history") == "rdullU", "the ZQSD moves")
    if page.state()["deadlock"]:
        fail("a box against the top wall with a goal on it is no deadlock")
    # A click walks round the pillar to (1,3), beside the box.
    page.click_square(1, 3)
    page.wait(lambda: page.state().get("player") == "1,3", "the walk to the clicked square")
    if page.state()["pushes"] != "1":
        fail("the walk pushed a box")
    page.keys("a")  # pushes the box into the corner (1,1)
    page.wait(lambda: page.state().get("deadlock"), "the deadlock warning")
    page.wait(lambda: page.visible("banner"), "the lose banner")
    banner = page.d.find_element("id", "banner")
    if "lose" not in banner.get_attribute("class"):
        fail(f"the banner is not the lose one: {banner.get_attribute('class')!r}")
    if "cannot be solved" not in page.text("message"):
        fail(f"the deadlock message is {page.text('message')!r}")
    page.settle()
    page.screenshot("sokoban_web_deadlock.png")

    moves = page.state()["moves"]
    page.keys("u")
    page.wait(lambda: not page.state().get("deadlock") and not page.visible("banner"), "the undo out of the deadlock")
    page.keys("y")
    page.wait(lambda: page.state().get("deadlock") and page.state().get("moves") == moves, "the redo into it")
    page.keys("r")
    page.wait(lambda: page.state().get("moves") == "0" and page.state().get("board") == start["board"],
              "the restart")
    page.check_console()


SCENARIOS = {
    "win": scenario_win,
    "save_load": scenario_save_load,
    "hint": scenario_hint,
    "race": scenario_race,
    "deadlock": scenario_deadlock,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenario", choices=sorted(SCENARIOS))
    parser.add_argument("--sokoban", required=True, help="the sokoban program")
    parser.add_argument("--screenshots", help="folder for the PNG screenshots")
    args = parser.parse_args()

    tools, why = find_tools()
    if not tools:
        print(f"skipped: {why}", file=sys.stderr)
        return SKIP
    if not os.access(args.sokoban, os.X_OK):
        print(f"test_sokoban_web.py: {args.sokoban}: not an executable program", file=sys.stderr)
        return 2
    try:
        with Server(args.sokoban) as server:
            driver = start_browser(*tools, 1280, 860, console_log=True)
            try:
                SCENARIOS[args.scenario](Page(driver, server, args.screenshots))
            finally:
                driver.quit()
    except AssertionError as e:
        print(f"FAILED {args.scenario}: {e}", file=sys.stderr)
        return 1
    except Exception:  # a Selenium or driver error is a failure too, with its trace
        traceback.print_exc()
        return 1
    print(f"passed: {args.scenario}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
