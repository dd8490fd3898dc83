#!/usr/bin/env python3
"""Load test of `sokoban serve` on loopback: N simultaneous players for S seconds.

Starts its own server (a free port of 127.0.0.1, a fresh data folder), then N client threads,
each with its own profile and one keep-alive connection, play the built-in levels: random moves
(most requests), undo, restart, saves, hints (asked, then followed until the job is done; a 503
"busy" is counted, not an error), and a new level when one is won. Every answer is checked (status,
JSON, the move and push counters against the history). At the end every profile is read back
and compared with what its client did: the levels it won, its saves (level, moves, pushes), and the
position of its last unfinished game. Prints requests per second, latency percentiles and the
counts of errors and mismatches (both must be 0), then stops the server.

    python3 bench/sokoban/web_load.py --sokoban build/bin/sokoban --clients 50 --seconds 60
"""
import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time

MOVES = "udlr"


class Client(threading.Thread):
    def __init__(self, index, host, port, deadline, seed):
        super().__init__(daemon=True)
        self.index = index
        self.name_ = f"player {index} <&>"  # odd characters on purpose: stored and read back as text
        self.host, self.port = host, port
        self.deadline = deadline
        self.rng = random.Random(seed)
        self.latencies = []  # (kind, seconds)
        self.errors = []
        self.busy = 0
        self.hints = 0
        self.won = {}  # level -> True
        self.saves = {}  # name -> (level, moves, pushes)
        self.last = None  # (level, history) of the game in play, None once won
        self.conn = None

    def request(self, kind, method, path, body=None, expect=(200,)):
        # Bytes, so that http.client sends the headers and the body in one packet (two packets meet
        # the peer's delayed acknowledgement and wait 40 ms).
        data = (json.dumps(body) if body is not None else "").encode() if method == "POST" else None
        headers = {"Content-Type": "application/json"}
        for attempt in range(2):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
                t0 = time.perf_counter()
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                text = response.read()
                self.latencies.append((kind, time.perf_counter() - t0))
                break
            except (ConnectionError, http.client.HTTPException, OSError) as e:
                # A keep-alive connection the server closed (idle timeout) is reopened once; a
                # second failure is a lost request.
                self.conn = None
                if attempt == 1:
                    self.errors.append(f"{kind}: {method} {path}: {e}")
                    return None, None
        try:
            answer = json.loads(text)
        except ValueError:
            self.errors.append(f"{kind}: {method} {path}: not JSON: {text[:80]!r}")
            return response.status, None
        if response.status not in expect:
            self.errors.append(f"{kind}: {method} {path}: HTTP {response.status}: {answer}")
        return response.status, answer

    def check_state(self, kind, state):
        """Checks a game state and notes what the profile should now hold: the game's position,
        or its level won."""
        if state is None:
            return False
        history = state.get("history", "")
        ok = state["moves"] == len(history) and state["pushes"] == sum(c.isupper() for c in history)
        if not ok:
            self.errors.append(f"{kind}: counters {state['moves']}/{state['pushes']} disagree with history {history!r}")
        elif state["won"]:
            self.won[state["level"]] = True
            self.last = None
        else:
            self.last = (state["level"], history)
        return ok

    def profile_path(self):
        from urllib.parse import quote
        return "/api/profiles/" + quote(self.name_, safe="")

    def new_game(self, level=None):
        body = {"profile": self.name_}
        if level is not None:
            body.update({"collection": 0, "level": level})
        status, state = self.request("new game", "POST", "/api/games", body, expect=(201,))
        if status != 201:
            return None
        self.check_state("new game", state)
        return state

    def run(self):
        status, _ = self.request("profile", "POST", "/api/profiles", {"name": self.name_}, expect=(201,))
        if status != 201:
            return
        state = self.new_game()
        saves = 0
        while state is not None and time.monotonic() < self.deadline:
            game = state["id"]
            roll = self.rng.random()
            if state["won"]:
                unlocked = [lv for lv in (1, 2, 3) if lv == 1 or self.won.get(lv - 1)]
                state = self.new_game(self.rng.choice(unlocked)) or state
                continue
            if roll < 0.80:
                kind, path, body = "move", f"/api/games/{game}/moves", {"moves": self.rng.choice(MOVES)}
            elif roll < 0.85:
                kind, path, body = "undo", f"/api/games/{game}/undo", None
            elif roll < 0.87:
                kind, path, body = "restart", f"/api/games/{game}/restart", None
            elif roll < 0.92:
                name = f"save {saves % 3}"
                saves += 1
                status, _ = self.request("save", "POST", f"/api/games/{game}/save", {"name": name}, expect=(201,))
                if status == 201:
                    self.saves[name] = (state["level"], state["moves"], state["pushes"])
                continue
            else:
                # Following the hint now and then, so that levels get won.
                state = self.hint(game) or state
                continue
            status, new_state = self.request(kind, "POST", path, body)
            if status == 200 and self.check_state(kind, new_state):
                state = new_state

    def hint(self, game):
        """Asks for a hint and follows it half of the time: the new state then, else None."""
        status, asked = self.request("hint", "POST", f"/api/games/{game}/hint", None, expect=(202, 503))
        if status == 503:
            self.busy += 1
            return None
        if status != 202:
            return None
        while True:
            status, job = self.request("job", "GET", f"/api/jobs/{asked['job']}")
            if status != 200 or job["state"] == "done":
                break
            time.sleep(0.02)
        if status == 200:
            self.hints += 1
            hint = (job.get("result") or {}).get("hint")
            if hint and self.rng.random() < 0.5:
                status, state = self.request("move", "POST", f"/api/games/{game}/moves", {"moves": hint["walk"]})
                if status == 200 and self.check_state("move", state):
                    return state
        return None

    def verify(self):
        """Reads the profile back: wins, saves, and the last game's stored position."""
        problems = []
        status, profile = self.request("verify", "GET", self.profile_path())
        if status != 200:
            return [f"profile {self.name_!r} unreadable"]
        if profile["name"] != self.name_:
            problems.append(f"profile name {profile['name']!r} != {self.name_!r}")
        levels = profile["collections"][0]["levels"]
        for entry in levels:
            if entry["solved"] != bool(self.won.get(entry["level"])):
                problems.append(f"{self.name_}: level {entry['level']} solved={entry['solved']}, client says "
                                f"{bool(self.won.get(entry['level']))}")
        status, saves = self.request("verify", "GET", self.profile_path() + "/saves")
        stored = {s["name"]: (s["level"], s["moves"], s["pushes"]) for s in saves or []}
        if stored != self.saves:
            problems.append(f"{self.name_}: saves {stored} != {self.saves}")
        if self.last is not None:
            level, history = self.last
            status, state = self.request("verify", "POST", "/api/games",
                                         {"profile": self.name_, "collection": 0, "level": level}, expect=(201,))
            if status == 201 and state["history"] != history:
                problems.append(f"{self.name_}: level {level} resumed at {state['history']!r}, left at {history!r}")
        return problems


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(round(p / 100.0 * (len(values) - 1)))))
    return values[k]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sokoban", default="build/bin/sokoban")
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--workers", type=int, default=1, help="the server's solver threads")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="one JSON line instead of the table")
    args = ap.parse_args()
    if not (1 <= args.clients <= 500 and 0 < args.seconds <= 600):
        sys.exit("web_load.py: --clients 1..500 and --seconds up to 600 (a bounded test)")

    data = tempfile.mkdtemp(prefix="hsearch-web-load-")
    server = subprocess.Popen([args.sokoban, "serve", "--port", "0", "--data", data, "--workers", str(args.workers),
                               "--queue", "64"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip()
        if not url.startswith("http://127.0.0.1:"):
            sys.exit(f"web_load.py: the server did not start (first line: {url!r})")
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        start = time.monotonic()
        deadline = start + args.seconds
        clients = [Client(i, "127.0.0.1", port, deadline, args.seed * 1000 + i) for i in range(args.clients)]
        for c in clients:
            c.start()
        for c in clients:
            c.join()
        elapsed = time.monotonic() - start
        problems = [p for c in clients for p in c.verify()]
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        subprocess.run(["rm", "-rf", data])

    played = [(k, s) for c in clients for (k, s) in c.latencies if k != "verify"]
    latencies = [s for _, s in played]
    errors = [e for c in clients for e in c.errors]
    result = {
        "clients": args.clients,
        "seconds": round(elapsed, 1),
        "requests": len(played),
        "requests_per_second": round(len(played) / elapsed, 1),
        "p50_ms": round(percentile(latencies, 50) * 1000, 2),
        "p99_ms": round(percentile(latencies, 99) * 1000, 2),
        "max_ms": round(max(latencies, default=0) * 1000, 2),
        "slowest_request": max(played, key=lambda p: p[1])[0] if played else None,
        "moves": sum(1 for k, _ in played if k == "move"),
        "hints": sum(c.hints for c in clients),
        "hints_busy_503": sum(c.busy for c in clients),
        "levels_won": sum(len(c.won) for c in clients),
        "saves": sum(len(c.saves) for c in clients),
        "errors": len(errors),
        "profile_mismatches": len(problems),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:22} {value}")
    for line in (errors + problems)[:20]:
        print("  " + line, file=sys.stderr)
    sys.exit(0 if not errors and not problems else 1)


if __name__ == "__main__":
    main()
