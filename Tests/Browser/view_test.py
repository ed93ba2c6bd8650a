#!/usr/bin/python3
"""Browser tests of the head-unit view: headless Chromium at 800×480 driven by Selenium
against the real rondod, on a private PulseAudio server, with a 300-track library.

Usage: Tests/Browser/view_test.py   (RONDO_BIN: the directory of rondod and rondo, default
.build/debug; RONDO_ARTIFACTS: where the screenshots go, default .build/test-artifacts/view).
Prints a line per test and the event-to-page latency; exits 1 when a test fails."""

import os
import shutil
import statistics
import struct
import subprocess
import sys
import time
import traceback
import urllib.error
import urllib.request
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("RONDO_BIN", os.path.join(ROOT, ".build", "debug"))
sys.path.insert(0, os.path.join(ROOT, "scripts", "reliability"))
import rig  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

ARTIFACTS = os.environ.get("RONDO_ARTIFACTS", os.path.join(ROOT, ".build", "test-artifacts", "view"))


def eventually(condition, seconds=2.0):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


class Bench:
    """An audio server, a library, rondod with its view on, and a browser on the page."""

    def __init__(self):
        self.work = rig.Work("view")
        self.audio = rig.AudioServer(self.work)
        music = self.music = self.work.sub("music")
        subprocess.run([os.path.join(ROOT, "Tests", "Fixtures", "make-library-corpus.sh"), music, "300"], check=True,
                       stdout=subprocess.DEVNULL)
        self.daemon = rig.Daemon(self.work, pulse=self.audio, music=music, extra=["--view", "127.0.0.1:0"])
        self.client = rig.Client(self.daemon.socket)
        self.client.call("library.scan", {})
        assert eventually(lambda: self.client.call("library.stats")["tracks"] >= 300, 60), "the library was not scanned"
        self.url = self.rondo("view").strip()
        self.origin = self.url.split("/?")[0]
        options = Options()
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=800,480",
                         "--user-data-dir=" + self.work.sub("chromium"), "--autoplay-policy=no-user-gesture-required"):
            options.add_argument(argument)
        options.binary_location = "/usr/bin/chromium"
        service = Service("/usr/bin/chromedriver", log_output=self.work.sub("chromedriver.log"))
        self.browser = webdriver.Chrome(service=service, options=options)
        # The car's screen: the page itself is 800×480, whatever the window around it.
        self.browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                     {"width": 800, "height": 480, "deviceScaleFactor": 1, "mobile": False})
        self.browser.get(self.url)
        assert eventually(lambda: self.js("return typeof now !== 'undefined' && now !== null"), 5), "the page did not load"

    def rondo(self, *arguments):
        return subprocess.run([os.path.join(rig.BIN, "rondo"), "--socket", self.daemon.socket, *arguments],
                              capture_output=True, text=True).stdout

    def js(self, script, *arguments):
        return self.browser.execute_script(script, *arguments)

    def text(self, element_id):
        return self.browser.find_element(By.ID, element_id).text

    def click(self, css):
        self.browser.find_element(By.CSS_SELECTOR, css).click()

    def screenshot(self, name):
        os.makedirs(ARTIFACTS, exist_ok=True)
        self.browser.save_screenshot(os.path.join(ARTIFACTS, name))

    def now_playing(self):
        return self.client.call("nowPlaying.get")

    def play(self, *names):
        self.client.call("queue.set", {"items": [rig.fixture(name) for name in names]})
        assert self.client.call("remote.send", {"command": "play"})["status"] == "success"

    def close(self):
        self.browser.quit()
        self.daemon.stop()
        self.audio.stop()
        self.work.close()


def access_needs_the_token_and_the_own_host(bench):
    def status(url, headers=None):
        try:
            return urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=5).status
        except urllib.error.HTTPError as error:
            return error.code
    assert status(bench.url) == 200
    assert status(bench.origin + "/") == 401
    assert status(bench.url, {"Host": "rebinding.example:" + bench.origin.rsplit(":", 1)[1]}) == 403


def title_follows_rondo_next_and_next_is_heard(bench):
    bench.play("steps.mp3", "long440.mp3", "tone440.mp3")
    assert eventually(lambda: bench.text("title") == "Steps"), bench.text("title")
    asked = time.time()
    bench.rondo("next")
    assert eventually(lambda: bench.text("title") == "Long 440", 1.0), "the title did not change within 1 s"
    print(f"    title changed {1000 * (time.time() - asked):.0f} ms after rondo next (whole process included)")
    bench.screenshot("now-playing.png")
    bench.click("#nextTrack")
    assert eventually(lambda: bench.now_playing()["info"].get("playbackQueueIndex") == 2)
    assert "Tone 440" in bench.rondo("status")
    time.sleep(0.3)
    level = bench.audio.level(0.3, 440)
    assert level > -30, f"the next track is not heard: {level:.1f} dBFS"


def progress_moves_at_two_after_two_rate_clicks(bench):
    bench.play("long440.mp3")
    assert eventually(lambda: bench.text("changePlaybackRate") == "1×")
    bench.click("#changePlaybackRate")
    assert eventually(lambda: bench.text("changePlaybackRate") == "1.5×")
    bench.click("#changePlaybackRate")
    assert eventually(lambda: bench.text("changePlaybackRate") == "2×")
    time.sleep(0.3)
    first = bench.js("return elapsedNow()")
    time.sleep(1.0)
    second = bench.js("return elapsedNow()")
    assert 1.8 < second - first < 2.2, f"the progress moved {second - first:.2f} s in 1 s"
    bench.client.call("remote.send", {"command": "changePlaybackRate", "playbackRate": 1})


def rows(bench):
    """The rows of the list shown, as their text."""
    return bench.js("return [...document.querySelectorAll('#rows .item')].map((row) => row.innerText)")


def open_row(bench, title):
    """Clicks the row whose first line is `title` (with or without its ›)."""
    bench.js("""
        const row = [...document.querySelectorAll('#rows .item')]
            .find((row) => row.innerText.split('\\n')[0].replace(' ›', '') === arguments[0]);
        row.click();""", title)


def search_box_plays_the_best_match(bench):
    album = bench.client.call("library.children", {"indexPath": [0, 1], "limit": 1})["items"][0]["title"]
    bench.click('[data-view="now"]')
    box = bench.browser.find_element(By.ID, "query")
    box.send_keys(album, Keys.RETURN)
    assert eventually(lambda: bench.now_playing()["info"].get("albumTitle") == album, 3), bench.now_playing()["info"]
    assert eventually(lambda: bench.now_playing()["playbackState"] == "playing")
    assert eventually(lambda: bench.text("subtitle").endswith(album)), bench.text("subtitle")
    assert box.get_attribute("value") == ""
    box.send_keys("zzyzx", Keys.RETURN)
    assert eventually(lambda: "zzyzx" in bench.text("toast")), bench.text("toast")
    bench.screenshot("search.png")
    box.clear()
    bench.js("document.getElementById('toast').classList.add('hidden')")


def driving_limits_the_lists(bench):
    bench.client.call("context.set", {"itemLimit": 12, "depthLimit": 3})
    bench.click("#driving")
    assert eventually(lambda: bench.client.call("context.get")["enforced"])
    bench.click('#roots button[data-root="0"]')
    assert eventually(lambda: any(row.startswith("Songs") for row in rows(bench))), rows(bench)
    open_row(bench, "Songs")
    assert eventually(lambda: len(rows(bench)) == 12), f"{len(rows(bench))} rows"
    assert "of 300" in bench.text("note"), bench.text("note")
    bench.screenshot("list-driving.png")
    bench.click("#back")
    assert eventually(lambda: any(row.startswith("Artists") for row in rows(bench)))
    # Library › Artists lists items 3 levels deep, the limit: no artist opens.
    open_row(bench, "Artists")
    assert eventually(lambda: bench.js("return path.length") == 2 and len(rows(bench)) > 0)
    artists = rows(bench)
    assert not any("›" in row for row in artists), f"a level below the depth limit is offered: {artists}"
    open_row(bench, artists[0].split("\n")[0])
    time.sleep(0.3)
    assert bench.js("return path.length") == 2, "the page went below the depth limit"
    assert bench.browser.find_element(By.ID, "toast").get_attribute("class") == "hidden", bench.text("toast")
    bench.click("#driving")
    assert eventually(lambda: not bench.client.call("context.get")["enforced"])
    bench.click('nav [data-view="now"]')


def sessions_panel_shows_the_duck(bench):
    bench.play("long440.mp3")
    bench.click('nav [data-view="sessions"]')
    def player_row():
        return bench.js("""
            const row = [...document.querySelectorAll('#sessionRows tr')].find((row) => row.dataset.session === 'rondo.player');
            return row ? [...row.cells].map((cell) => cell.textContent) : null;""")
    assert eventually(lambda: (player_row() or [None] * 5)[3] == "active"), player_row()
    prompt = subprocess.Popen(
        [os.path.join(rig.BIN, "rondo"), "--socket", bench.daemon.socket, "session", "exec", "--category", "playback",
         "--mode", "voicePrompt", "--option", "duckOthers", "--notify-others", "--", "/bin/sleep", "2"],
        env={**os.environ, "PULSE_SERVER": bench.audio.server})
    assert eventually(lambda: (player_row() or [None] * 5)[3:] == ["ducked", "0.30"]), player_row()
    bench.screenshot("sessions.png")
    prompt.wait()
    assert eventually(lambda: (player_row() or [None] * 5)[3:] == ["active", "1.00"], 3), player_row()
    bench.click('nav [data-view="now"]')


def sessions_panel_shows_another_program(bench):
    """Another program's navigation prompt is listed with its program, pid and role while
    it ducks the music."""
    bench.play("long440.mp3")
    bench.click('nav [data-view="sessions"]')
    prompt = subprocess.Popen(["paplay", "--property=media.role=navigation", rig.fixture("prompt1000-long.wav")],
                              env={**os.environ, "PULSE_SERVER": bench.audio.server})
    try:
        def foreign_row():
            return bench.js("""
                const row = [...document.querySelectorAll('#sessionRows tr')].find((row) => row.dataset.session.startsWith('foreign'));
                return row ? [...row.cells].map((cell) => cell.textContent) : null;""")
        expected = f"pacat · pid {prompt.pid} · role navigation"
        assert eventually(lambda: (foreign_row() or [None] * 5)[1:4] == [expected, "playback / voicePrompt", "active"]), \
            foreign_row()
    finally:
        prompt.terminate()
        prompt.wait()
    bench.click('nav [data-view="now"]')


def solid_png(path, rgb, size=64):
    """Writes a PNG of one colour, `size` pixels square."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = (b"\x00" + bytes(rgb) * size) * size
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def a_folder_cover_is_the_albums_artwork(bench):
    album = os.path.join(bench.music, "Covered Album")
    os.makedirs(album, exist_ok=True)
    song = os.path.join(album, "song.mp3")
    shutil.copy(rig.fixture("long440.mp3"), song)
    solid_png(os.path.join(album, "Cover.PNG"), (200, 30, 120))
    bench.client.call("library.scan", {})
    bench.client.call("queue.set", {"items": [song]})
    assert bench.client.call("remote.send", {"command": "play"})["status"] == "success"
    shown = """
        const art = document.getElementById('art');
        if (!art.src.includes('/artwork/') || !art.complete || art.naturalWidth !== 64) return null;
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 64;
        const context = canvas.getContext('2d');
        context.drawImage(art, 0, 0);
        return Array.from(context.getImageData(32, 32, 1, 1).data.slice(0, 3));"""
    assert eventually(lambda: bench.js(shown) == [200, 30, 120], 5), f"the page shows {bench.js(shown)}"
    bench.screenshot("folder-cover.png")


def event_to_page_latency(bench):
    """Milliseconds from a command sent on the socket to the page's button showing it."""
    latencies = []
    for index in range(20):
        mode = "all" if index % 2 == 0 else "off"
        bench.js("""
            window.changedAt = null;
            const button = document.getElementById('changeRepeatMode');
            new MutationObserver((_, observer) => { window.changedAt = Date.now(); observer.disconnect(); })
                .observe(button, { attributes: true, childList: true, characterData: true, subtree: true });""")
        asked = time.time()
        bench.client.call("remote.send", {"command": "changeRepeatMode", "repeatType": mode})
        assert eventually(lambda: bench.js("return window.changedAt") is not None)
        latencies.append(bench.js("return window.changedAt") - asked * 1000)
    latencies.sort()
    print(f"    event to page: p50 {statistics.median(latencies):.1f} ms, max {latencies[-1]:.1f} ms over 20 changes")


TESTS = [access_needs_the_token_and_the_own_host, title_follows_rondo_next_and_next_is_heard,
         progress_moves_at_two_after_two_rate_clicks, search_box_plays_the_best_match, driving_limits_the_lists,
         sessions_panel_shows_the_duck, sessions_panel_shows_another_program, a_folder_cover_is_the_albums_artwork,
         event_to_page_latency]


def main():
    bench = Bench()
    failures = 0
    try:
        for test in TESTS:
            try:
                test(bench)
                print(f"✔ {test.__name__}")
            except Exception:
                failures += 1
                print(f"✘ {test.__name__}")
                traceback.print_exc()
                bench.screenshot(f"failed-{test.__name__}.png")
    finally:
        if failures:
            shutil.copy(bench.daemon.log_path, os.path.join(ARTIFACTS, "rondod.log"))
        bench.close()
    print(f"{len(TESTS) - failures} passed, {failures} failed; screenshots in {ARTIFACTS}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
