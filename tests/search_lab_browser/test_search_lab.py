#!/usr/bin/env python3
"""End-to-end tests of the search lab (`search-compare lab`) in headless Chromium.

Each scenario starts `search-compare lab --port 0`, reads the page's address from the first line
of its standard output, drives the page at /lab with Selenium, and stops the server. The
assertions read what the page shows (counters, the position, the path length, the IDA* bounds,
the side-by-side table, the error box) and check it against independent sources: the trace's own
events counted here, and the optimum the fifteen-puzzle program prints for the same board.

Usage: test_search_lab.py SCENARIO --search-compare PATH --fifteen-puzzle PATH [--screenshots DIR]
Exit status: 0 passed, 1 failed, 77 skipped (Selenium, Chromium or chromedriver missing).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "browser_common"))
from browser_test import SKIP, ProgramServer, fail, find_tools, start_browser  # noqa: E402

BOARD = "8 1 3 4 0 2 7 6 5"  # a 3x3 board; its optimum comes from fifteen-puzzle, not from here
SMALL_BOARD = "3 2 5 6 4 1 7 8 0"  # 10 moves from the goal: A* records a tree small enough to draw
WIDE_BOARD = "3 5 1 4 0 2 6 7 8"  # BFS records over a hundred nodes, too many to draw each state


class Server(ProgramServer):
    """`search-compare lab` on a free port, stopped on exit."""

    def __init__(self, program):
        super().__init__("search-compare lab", lambda folder: [program, "lab", "--port", "0"], "search-lab-test-")

    def __enter__(self):
        super().__enter__()
        if not self.url.endswith("/lab"):
            self.__exit__(None, None, None)
            fail(f"search-compare lab printed {self.url!r}, not the address of /lab")
        self.base = self.url[: -len("lab")]
        return self

    def run(self, body):
        """POST /api/lab/run: (status, JSON answer)."""
        request = urllib.request.Request(self.base + "api/lab/run", data=json.dumps(body).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")


class Page:
    def __init__(self, driver, server, screenshots, tools):
        self.d = driver
        self.server = server
        self.screenshots = screenshots
        self.tools = tools

    def wait(self, condition, what, timeout=20):
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait
        from selenium.common.exceptions import StaleElementReferenceException, NoSuchElementException

        def check(_):
            try:
                return condition()
            except (StaleElementReferenceException, NoSuchElementException, ValueError):
                return False  # the page is replacing its panels: look again

        try:
            WebDriverWait(self.d, timeout, poll_frequency=0.05).until(check)
        except TimeoutException:
            fail(f"timed out after {timeout} s waiting for {what}; error box {self.error_text()!r}")

    def find(self, css):
        return self.d.find_element("css selector", css)

    def error_text(self):
        boxes = self.d.find_elements("id", "error")
        return boxes[0].text if boxes and boxes[0].is_displayed() else ""

    def open(self):
        self.d.get(self.server.url)
        self.wait(lambda: len(self.d.find_elements("css selector", "#algorithm-a option")) > 0,
                  "the page to load the lab's catalog")

    def choose(self, select_id, value):
        from selenium.webdriver.support.ui import Select
        Select(self.find("#" + select_id)).select_by_value(value)

    def set_instance(self, text):
        # Set in one call rather than typed key by key: the page reads the field when it runs.
        self.d.execute_script("const f = document.getElementById('instance'); f.value = arguments[0];"
                              "f.dispatchEvent(new Event('input'));", text)

    def run(self, panels=1):
        self.d.execute_script("document.getElementById('panels').innerHTML = '';")
        self.find("#run").click()
        self.wait(lambda: len(self.d.find_elements("css selector", "#panels .panel")) == panels or self.error_text(),
                  f"{panels} run(s) on the page")
        if self.error_text():
            fail(f"the page shows an error: {self.error_text()!r}")

    def panel(self, letter="a"):
        return self.find(f"#panel-{letter}")

    def counters(self, letter="a"):
        cells = self.d.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0])).map((c) => [c.dataset.counter, c.textContent]);",
            f"#panel-{letter} [data-counter]")
        return {name: int(text) for name, text in cells}

    def position(self, letter="a"):
        here, total = self.panel(letter).find_element("css selector", "[data-role=position]").text.split(" / ")
        return int(here), int(total)

    def press(self, role, letter="a", times=1):
        button = self.panel(letter).find_element("css selector", f"[data-role={role}]")
        for _ in range(times):
            button.click()

    def screenshot(self, name):
        if not self.screenshots:
            return
        os.makedirs(self.screenshots, exist_ok=True)
        path = os.path.join(self.screenshots, name)
        self.d.save_screenshot(path)
        print(f"screenshot: {path}")

    def full_screenshot(self, name, width=1280):
        """The whole page: the window is made as tall as the page first."""
        height = self.d.execute_script("return document.documentElement.scrollHeight;")
        self.d.set_window_size(width, min(4000, height + 140))
        time.sleep(0.2)
        self.screenshot(name)


def expected_counters(events):
    """The counters after these events, counted here from the trace (the page counts on its own)."""
    kinds = {"expand": "expanded", "generate": "generated", "duplicate": "duplicates", "reopen": "reopened",
             "prune": "pruned", "dead_end": "dead_ends"}
    out = {v: 0 for v in kinds.values()}
    for e in events:
        if e["t"] in kinds:
            out[kinds[e["t"]]] += 1
    return out


def expected_statuses(trace, events):
    """Each recorded node's status after these events, replayed here from the trace's rules
    (docs/search_lab.md): open when generated, closed when expanded, dropped as a duplicate, a dead
    end, superseded by a cheaper copy, left over from an earlier iteration, the goal."""
    status, replaces = {}, {}
    for e in events:
        t = e["t"]
        if t in ("root", "generate"):
            status[e["id"]] = "open"
            if t == "generate" and "replaces" in e and not trace.get("tree"):
                replaces[e["id"]] = e["replaces"]
                if status.get(e["replaces"]) == "open":
                    status[e["replaces"]] = "superseded"
        elif t == "duplicate":
            status[e["id"]] = "dropped"
            r = replaces.get(e["id"])
            if r is not None and status.get(r) == "superseded":
                status[r] = "open"
        elif t == "reopen" and e.get("reopens", -1) >= 0:
            status[e["reopens"]] = "superseded"
        elif t == "dead_end":
            status[e["id"]] = "dead"
        elif t == "expand":
            status[e["id"]] = "closed"
        elif t == "iteration_begin":
            status = {k: ("old" if v == "open" else v) for k, v in status.items()}
        elif t == "solution":
            status[e["id"]] = "goal"
    return status


def tree_nodes(page, letter="a"):
    """The drawn tree's nodes as the page shows them: {id: (shown, status, on the path, has a drawing)}."""
    rows = page.d.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map((n) => [Number(n.dataset.node),"
        " !n.hidden && n.offsetWidth > 0, n.dataset.status || '', n.classList.contains('path'),"
        " n.querySelector(arguments[1]) !== null]);",
        f"#panel-{letter} [data-role=tree] .tnode", ".tiles.mini, svg.hanoi.mini, .xsb.mini")
    return {r[0]: tuple(r[1:]) for r in rows}


def check_drawn_tree(page, trace, drawing, letter="a"):
    """At the end of the run: one state drawing per recorded node, each framed with its status, the
    solution path's nodes (and only they) marked; half way, only the nodes generated so far shown."""
    events = trace["events"]
    recorded = [e["id"] for e in events if e["t"] in ("root", "generate")]
    page.press("last", letter)
    nodes = tree_nodes(page, letter)
    if sorted(nodes) != sorted(recorded):
        fail(f"the tree has {len(nodes)} drawn nodes, the trace records {len(recorded)}")
    panel = page.panel(letter)
    if len(panel.find_elements("css selector", f"[data-role=tree] .tnode {drawing}")) != len(recorded):
        fail(f"not every tree node holds a {drawing} drawing of its state")
    want = expected_statuses(trace, events)
    for node, (shown, status, on_path, drawn) in nodes.items():
        if not shown or not drawn or status != want[node]:
            fail(f"tree node #{node}: shown {shown}, drawing {drawn}, status {status!r}; expected {want[node]!r}")
    marked = sorted(node for node, row in nodes.items() if row[2])
    if marked != sorted(trace["path"]) or len(marked) != len(trace["solution"]["moves"]) + 1:
        fail(f"the tree marks {marked} as the solution path; the trace's path is {trace['path']}")
    half = len(events) // 2
    page.d.execute_script(f"const s = document.querySelector('#panel-{letter} [data-role=scrubber]');"
                          f"s.value = {half}; s.dispatchEvent(new Event('input'));")
    shown = sorted(node for node, row in tree_nodes(page, letter).items() if row[0])
    so_far = sorted(e["id"] for e in events[:half] if e["t"] in ("root", "generate"))
    if shown != so_far:
        fail(f"after {half} events the tree shows {len(shown)} nodes, {len(so_far)} were generated")


def optimum_of(fifteen_puzzle, board):
    """The optimal solution length `fifteen-puzzle --size 3x3` prints for the board ("OK n")."""
    done = subprocess.run([fifteen_puzzle, "--size", "3x3", "-q"], input=board + "\n", capture_output=True,
                          text=True, timeout=60)
    first = done.stdout.splitlines()[0] if done.stdout else ""
    if done.returncode != 0 or not first.startswith("OK "):
        fail(f"fifteen-puzzle did not solve {board!r}: status {done.returncode}, {first!r}, {done.stderr[-400:]}")
    return int(first.split()[1])


# -------------------------------------------------------------------------------------------------
# Scenarios


def scenario_astar(page):
    """8-puzzle, A* + Manhattan: 10 steps forward, 3 back, the counters; play to the end, the path."""
    page.open()
    page.choose("domain", "fifteen-puzzle")
    page.set_instance(BOARD)
    page.choose("algorithm-a", "astar")
    page.choose("heuristic-a", "manhattan")
    page.run()
    page.press("step-forward", times=10)
    page.press("step-back", times=3)
    here, total = page.position()
    if here != 7:
        fail(f"after 10 steps forward and 3 back the page is at event {here}, not 7")
    status, trace = page.server.run({"domain": "fifteen-puzzle", "instance": BOARD, "algorithm": "astar",
                                     "heuristic": "manhattan", "cap": 50000})
    if status != 200 or len(trace["events"]) != total:
        fail(f"the same request through the API: status {status}, {len(trace.get('events', []))} events; "
             f"the page has {total}")
    shown = page.counters()
    want = expected_counters(trace["events"][:7])
    for k, v in want.items():
        if shown[k] != v:
            fail(f"counter {k} after 7 events: the page shows {shown[k]}, the trace's events give {v}")
    if shown["expanded"] < 1 or shown["generated"] < 2:
        fail(f"7 events of A* should have expanded and generated nodes: {shown}")
    page.screenshot("search_lab_astar_step.png")
    # Play to the end at full speed.
    page.d.execute_script("const s = document.querySelector('#panel-a [data-role=speed]'); s.value = 100;"
                          "s.dispatchEvent(new Event('input'));")
    page.press("play")
    page.wait(lambda: page.position()[0] == total, "the playback to reach the end", timeout=30)
    length = int(page.panel().find_element("css selector", "[data-role=path-length]").text)
    optimum = optimum_of(page.tools["fifteen_puzzle"], BOARD)
    if length != optimum:
        fail(f"the lab's A* path has {length} moves, fifteen-puzzle's optimum is {optimum}")
    final = page.counters()
    if final["expanded"] != trace["result"]["expanded"] or final["generated"] != trace["result"]["generated"]:
        fail(f"at the end the counters {final} are not the run's totals {trace['result']}")
    page.full_screenshot("search_lab_astar_end.png")
    if "at most 300 recorded nodes" not in page.panel().find_element("css selector", "[data-role=tree-note]").text:
        fail(f"a run of {total} events should say why its tree is not drawn")
    # A board a few moves from the goal: its A* tree is drawn, each node a small board.
    page.d.set_window_size(1280, 1000)
    page.set_instance(SMALL_BOARD)
    page.run()
    status, small = page.server.run({"domain": "fifteen-puzzle", "instance": SMALL_BOARD, "algorithm": "astar",
                                     "heuristic": "manhattan", "cap": 50000})
    if status != 200 or len(small["events"]) != page.position()[1]:
        fail(f"the small board through the API: status {status}; the page has {page.position()[1]} events")
    check_drawn_tree(page, small, ".tiles.mini")
    page.press("last")
    page.full_screenshot("search_lab_tree.png")
    # A node clicked in the tree is shown as the current node.
    root = next(e["id"] for e in small["events"] if e["t"] == "root")
    page.panel().find_element("css selector", f"[data-role=tree] .tnode[data-node='{root}']").click()
    if page.panel().find_element("css selector", "[data-role=node] [data-field=node]").text != f"#{root}":
        fail("a click on the tree's root does not show it as the current node")
    page.d.set_window_size(390, 1600)
    time.sleep(0.2)
    overflow = page.d.execute_script("return document.documentElement.scrollWidth - window.innerWidth;")
    if overflow > 4:
        fail(f"at phone width the page with a drawn tree is {overflow} px wider than the window")


def scenario_ida(page):
    """IDA* shows its iterations, at least two, with growing bounds."""
    page.open()
    page.choose("domain", "fifteen-puzzle")
    page.set_instance(BOARD)
    page.choose("algorithm-a", "ida")
    page.choose("heuristic-a", "manhattan")
    page.choose("pruning-a", "inverse")
    page.run()
    page.press("last")
    items = page.panel().find_elements("css selector", "[data-role=iterations] li")
    bounds = [int(li.get_attribute("data-bound")) for li in items]
    if len(bounds) < 2:
        fail(f"IDA* shows {len(bounds)} iteration(s): {bounds}")
    if any(b >= c for b, c in zip(bounds, bounds[1:])):
        fail(f"IDA*'s bounds do not grow: {bounds}")
    length = int(page.panel().find_element("css selector", "[data-role=path-length]").text)
    if bounds[-1] != length:
        fail(f"the last bound {bounds[-1]} is not the solution's cost {length}")
    # Back to the middle of the run: the frontier lists nodes sorted by f.
    page.d.execute_script("const s = document.querySelector('#panel-a [data-role=scrubber]');"
                          "s.value = Math.floor(s.max / 2); s.dispatchEvent(new Event('input'));")
    page.full_screenshot("search_lab_ida.png")


def scenario_compare(page):
    """Side by side: linear conflicts expand fewer nodes than Manhattan on the same board."""
    page.open()
    page.choose("domain", "fifteen-puzzle")
    page.set_instance(BOARD)
    page.choose("algorithm-a", "astar")
    page.choose("heuristic-a", "manhattan")
    page.find("#compare").click()
    page.choose("algorithm-b", "astar")
    page.choose("heuristic-b", "linear-conflict")
    page.run(panels=2)
    page.wait(lambda: page.find("#comparison").is_displayed(), "the side-by-side table")

    def cell(name):
        return int(page.find(f"#comparison-table [data-compare={name}]").text)

    manhattan, conflicts = cell("expanded-a"), cell("expanded-b")
    if not conflicts < manhattan:
        fail(f"linear conflicts expanded {conflicts} nodes, Manhattan {manhattan}: expected fewer")
    if cell("cost-a") != cell("cost-b"):
        fail(f"both heuristics are admissible, yet the costs differ: {cell('cost-a')} and {cell('cost-b')}")
    for letter in ("a", "b"):
        page.press("last", letter)
    page.full_screenshot("search_lab_compare.png")
    # A phone-sized window: the panels stack and nothing runs off the side.
    page.d.set_window_size(390, 1600)
    time.sleep(0.3)
    overflow = page.d.execute_script("return document.documentElement.scrollWidth - window.innerWidth;")
    if overflow > 4:
        fail(f"at phone width the page is {overflow} px wider than the window")
    page.screenshot("search_lab_phone.png")


def scenario_bad_request(page):
    """Unknown algorithm, malformed board, too large an instance: a clear error, the server serves on."""
    page.open()
    for body, words in (
            ({"domain": "fifteen-puzzle", "instance": BOARD, "algorithm": "greedy"}, "unknown algorithm"),
            ({"domain": "fifteen-puzzle", "instance": "8 1 3 4 0 2 7 6 x"}, "malformed board"),
            ({"domain": "fifteen-puzzle", "instance": " ".join(str(i) for i in range(25))}, "over the lab's limits"),
            ({"domain": "hanoi", "instance": "classic 3 20"}, "disks")):
        status, answer = page.server.run(body)
        if status != 400 or words not in (answer or {}).get("error", ""):
            fail(f"{body}: status {status}, answer {answer}; expected 400 naming '{words}'")
    # The same through the page: a malformed board shows the server's message in the error box.
    page.choose("domain", "fifteen-puzzle")
    page.set_instance("8 1 3 4 0 2 7 6 x")
    page.find("#run").click()
    page.wait(lambda: "malformed board" in page.error_text(), "the error about the malformed board")
    if page.d.find_elements("css selector", "#panels .panel"):
        fail("a refused run left a panel on the page")
    page.screenshot("search_lab_error.png")
    # An unknown algorithm typed into the page's select (as a hand-edited page would send).
    page.set_instance(BOARD)
    page.d.execute_script("const o = document.createElement('option'); o.value = 'greedy'; o.textContent = 'greedy';"
                          "document.getElementById('algorithm-a').appendChild(o);")
    page.choose("algorithm-a", "greedy")
    page.find("#run").click()
    page.wait(lambda: "unknown algorithm" in page.error_text(), "the error about the unknown algorithm")
    # The server still serves: a good run works.
    page.choose("algorithm-a", "astar")
    page.run()
    if page.position()[1] < 10:
        fail("after the refused requests a good run came back with almost no events")


def scenario_domains(page):
    """Hanoi and Sokoban run and draw; a trace exported by the page loads back."""
    page.open()
    page.choose("domain", "hanoi")
    page.choose("algorithm-a", "astar")
    page.run()
    page.press("step-forward", times=5)
    if not page.panel().find_elements("css selector", "svg.hanoi rect"):
        fail("the Tower of Hanoi state is not drawn")
    heuristic = page.find("#heuristic-a").get_attribute("value")
    status, hanoi = page.server.run({"domain": "hanoi", "instance": "classic 3 3", "algorithm": "astar",
                                     "heuristic": heuristic, "cap": 50000})
    if status != 200 or len(hanoi["events"]) != page.position()[1]:
        fail(f"Hanoi through the API: status {status}; the page has {page.position()[1]} events")
    check_drawn_tree(page, hanoi, "svg.hanoi.mini")
    page.press("last")
    page.full_screenshot("search_lab_hanoi.png")
    page.d.set_window_size(1280, 1000)
    page.choose("domain", "sokoban")
    page.choose("algorithm-a", "astar")
    page.run()
    page.press("last")
    if not page.panel().find_elements("css selector", ".state .xsb .box"):
        fail("the Sokoban state is not drawn")
    drawn = tree_nodes(page)
    if not drawn or not all(row[0] and row[3] for row in drawn.values()):
        fail(f"the Sokoban run's tree does not draw each node's level: {drawn}")
    length = page.panel().find_element("css selector", "[data-role=path-length]").text
    if int(length) < 1:
        fail(f"the Sokoban level's solution has {length} pushes")
    page.full_screenshot("search_lab_sokoban.png")
    # Load a trace file (written with the command line's --trace-json format) back into the page:
    # BFS on an 8-puzzle board, a tree too wide for drawings, drawn as circles, and the page says so.
    status, trace = page.server.run({"domain": "fifteen-puzzle", "instance": WIDE_BOARD, "algorithm": "bfs"})
    if status != 200:
        fail(f"a BFS run on {WIDE_BOARD}: status {status}")
    folder = tempfile.mkdtemp(prefix="search-lab-trace-")
    try:
        path = os.path.join(folder, "trace.json")
        with open(path, "w") as f:
            json.dump(trace, f)
        page.find("#import").send_keys(path)
        page.wait(lambda: page.position()[1] == len(trace["events"]) and "bfs" in page.panel().text,
                  "the loaded trace in the page")
        page.press("last")
        note = page.panel().find_element("css selector", "[data-role=tree-note]").text
        circles = page.panel().find_elements("css selector", "[data-role=tree] svg g[data-node] circle")
        if "too many to draw each state" not in note or not circles or tree_nodes(page):
            fail(f"the wide BFS tree: {len(circles)} circles, note {note!r}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


SCENARIOS = {
    "astar": scenario_astar,
    "ida": scenario_ida,
    "compare": scenario_compare,
    "bad_request": scenario_bad_request,
    "domains": scenario_domains,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenario", choices=sorted(SCENARIOS))
    parser.add_argument("--search-compare", required=True, help="the search-compare program")
    parser.add_argument("--fifteen-puzzle", required=True, help="the fifteen-puzzle program")
    parser.add_argument("--screenshots", help="folder for the PNG screenshots")
    args = parser.parse_args()

    tools, why = find_tools()
    if not tools:
        print(f"skipped: {why}", file=sys.stderr)
        return SKIP
    for program in (args.search_compare, args.fifteen_puzzle):
        if not os.access(program, os.X_OK):
            print(f"test_search_lab.py: {program}: not an executable program", file=sys.stderr)
            return 2
    try:
        with Server(args.search_compare) as server:
            driver = start_browser(*tools, 1280, 1000)
            try:
                SCENARIOS[args.scenario](Page(driver, server, args.screenshots,
                                              {"fifteen_puzzle": args.fifteen_puzzle}))
            finally:
                driver.quit()
    except AssertionError as e:
        print(f"FAILED {args.scenario}: {e}", file=sys.stderr)
        return 1
    except Exception:
        traceback.print_exc()
        return 1
    print(f"passed: {args.scenario}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
