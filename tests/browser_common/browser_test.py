"""What the browser tests share: a program's server on a free port, the tools, the browser.

A browser test starts one of the project's servers with `--port 0`, reads the page's address from
the first line of the server's standard output, drives the page in headless Chromium with
Selenium, and stops the server. Without Selenium, Chromium or chromedriver the test exits SKIP
(77), which ctest reports as skipped.
"""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

SKIP = 77


def fail(message):
    raise AssertionError(message)


class ProgramServer:
    """A server program on a free port, in a temporary folder of its own, stopped on exit.

    `command(folder)` gives the program's command line; `name` is how messages call it.
    After entering, `url` is the first line the program printed (checked to start with http://).
    """

    def __init__(self, name, command, folder_prefix):
        self.name = name
        self.command = command
        self.folder = tempfile.mkdtemp(prefix=folder_prefix)
        self.stderr_path = os.path.join(self.folder, "stderr.log")
        self.process = None
        self.url = None

    def __enter__(self):
        self.stderr = open(self.stderr_path, "w")
        self.process = subprocess.Popen(self.command(self.folder), stdout=subprocess.PIPE,
                                        stderr=self.stderr, text=True)
        first = {}

        def read_first_line():
            first["line"] = self.process.stdout.readline()
            # The rest is drained so that the server never blocks on a full pipe.
            for _ in self.process.stdout:
                pass

        threading.Thread(target=read_first_line, daemon=True).start()
        deadline = time.monotonic() + 20
        while "line" not in first and time.monotonic() < deadline and self.process.poll() is None:
            time.sleep(0.02)
        line = first.get("line", "").strip()
        if not line.startswith("http://"):
            self.__exit__(None, None, None)
            fail(f"{self.name} did not print its page's address (first line: {line!r}; "
                 f"exit status {self.process.returncode}; stderr: {self.stderr_text()})")
        self.url = line
        return self

    def stderr_text(self):
        try:
            with open(self.stderr_path) as f:
                return f.read()[-4000:]
        except OSError:
            return ""

    def __exit__(self, kind, value, tb):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stderr.close()
        if kind is not None:
            print(f"--- {self.name}'s stderr:\n{self.stderr_text()}", file=sys.stderr)
        shutil.rmtree(self.folder, ignore_errors=True)
        return False


def find_tools():
    """(chromium, chromedriver), None; or None and the reason to skip."""
    if importlib.util.find_spec("selenium") is None:
        return None, (f"Python module 'selenium' not found by {sys.executable} "
                      "(Debian package python3-selenium)")
    chromium = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                     if shutil.which(n)), None)
    if not chromium:
        return None, "chromium not found (Debian package chromium)"
    driver = shutil.which("chromedriver")
    if not driver:
        return None, "chromedriver not found (Debian package chromium-driver)"
    return (chromium, driver), None


def start_browser(chromium, chromedriver, width, height, console_log=False):
    """Headless Chromium at a fixed size and scale, so that screenshots compare from run to run."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}", "--force-device-scale-factor=1", "--lang=en-US",
                "--disable-extensions", "--no-first-run"):
        options.add_argument(arg)
    if console_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(chromedriver), options=options)
