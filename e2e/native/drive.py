"""Drives the desktop app on an X display (run by e2e/native/run.sh, which starts Xvfb).

The app is started twice with the same temporary HOME: once to play, change settings and leave
a game unfinished; once more to see that the settings and the game were kept. Then twice more,
with the light and the dark theme saved, to see the window take the theme's colour from its first
frame. Last, with a fresh data folder and the app's server set to one of the test's own, it
invites a browser (online-peer.mjs) to a game online and plays it to the end. Every wait polls a screenshot or a file against a deadline, so a slow machine only makes
the test slower, and a failing step says which step it was.
"""

import argparse
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import screen  # noqa: E402

WINDOW_TIMEOUT = 60
SCREEN_TIMEOUT = 20
# Easy thinks for at most 180 ms and the app shows its reply after at least 450 ms; the rest is
# room for a slow, shared machine.
AI_TIMEOUT = 30


class Failure(Exception):
    pass


class NotImplementedYet(Exception):
    pass


def run(*command):
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


class Session:
    """One test run: the temporary HOME, the app's process and window, the step screenshots."""

    def __init__(self, app, work, screenshots):
        self.app = app
        self.work = work
        self.screenshots = screenshots
        self.home = os.path.join(work, "home")
        self.data = os.path.join(self.home, ".local", "share", "duobao-qibing")
        self.process = None
        self.window = None
        self.shots = 0
        self.step = "start"
        self.layout = None
        self.peer = None
        os.makedirs(self.home, exist_ok=True)

    # --- the app --------------------------------------------------------------------------

    def launch(self, label):
        env = dict(os.environ)
        env.update(
            HOME=self.home,
            # The system language decides the first launch's language; English here.
            LANG="en_US.UTF-8",
            LANGUAGE="en_US",
            LC_ALL="en_US.UTF-8",
            # Software rendering: Xvfb has no GPU.
            LIBGL_ALWAYS_SOFTWARE="1",
            WEBKIT_DISABLE_COMPOSITING_MODE="1",
            NO_AT_BRIDGE="1",
        )
        env.pop("XDG_DATA_HOME", None)
        env.pop("XDG_CONFIG_HOME", None)
        env.pop("XDG_CACHE_HOME", None)
        log = open(os.path.join(self.work, f"app-{label}.log"), "w")
        # The app runs from its bundle folder, where dx put its assets.
        self.process = subprocess.Popen(
            [self.app],
            cwd=os.path.dirname(self.app),
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.window = self.wait_for_window()

    def wait_for_window(self):
        deadline = time.monotonic() + WINDOW_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise Failure(f"the app exited with status {self.process.returncode}")
            found = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
                capture_output=True,
                text=True,
            ).stdout.split()
            for window in found:
                geometry = run("xdotool", "getwindowgeometry", "--shell", window)
                fields = dict(line.split("=", 1) for line in geometry.split())
                if int(fields["WIDTH"]) > 100 and int(fields["HEIGHT"]) > 100:
                    return window
            time.sleep(0.25)
        raise Failure(f"no app window within {WINDOW_TIMEOUT} s")

    def quit(self):
        """Ends the app as a system would (SIGTERM, then SIGKILL); the app has saved already."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        # The next launch's screenshots must not catch this window on its way out.
        deadline = time.monotonic() + 10
        while self.window and time.monotonic() < deadline:
            alive = subprocess.run(["xdotool", "getwindowname", self.window], capture_output=True)
            if alive.returncode != 0:
                break
            time.sleep(0.05)
        self.process = None
        self.window = None

    # --- looking ----------------------------------------------------------------------------

    def shot(self, name=None):
        """A screenshot of the window; `name` also keeps it in target/e2e-screenshots/ (ignored)."""
        if self.process.poll() is not None:
            raise Failure(f"the app exited with status {self.process.returncode}")
        self.shots += 1
        path = os.path.join(self.work, f"{self.shots:03d}.png")
        run("import", "-window", self.window, path)
        if name:
            shutil.copyfile(path, os.path.join(self.screenshots, name))
        return screen.Shot(path)

    def wait_for(self, what, test, timeout=SCREEN_TIMEOUT, pause=0.2):
        """Polls screenshots, `pause` seconds apart, until `test(shot)` returns something true;
        returns it."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            shot = self.shot()
            result = test(shot)
            if result:
                return result
            last = shot
            if time.monotonic() > deadline:
                raise Failure(f"{what}: not seen within {timeout} s (last screenshot: {last.path})")
            time.sleep(pause)

    def wait_for_file(self, what, test, timeout=SCREEN_TIMEOUT):
        deadline = time.monotonic() + timeout
        while True:
            result = test()
            if result:
                return result
            if time.monotonic() > deadline:
                raise Failure(f"{what}: not saved within {timeout} s (data folder: {self.data})")
            time.sleep(0.1)

    # --- acting -----------------------------------------------------------------------------

    def click(self, xy):
        x, y = (round(v) for v in xy)
        run("xdotool", "mousemove", "--window", self.window, str(x), str(y), "click", "1")

    def key(self, name):
        run("xdotool", "windowfocus", "--sync", self.window)
        run("xdotool", "key", "--window", self.window, name)

    # --- the data folder --------------------------------------------------------------------

    def stored(self, key):
        """The JSON value the app stored under `key` (`prefs.lang`, `game`), or None."""
        path = os.path.join(self.data, f"duobao.v1.{key}.json")
        try:
            with open(path) as file:
                return json.load(file)
        except (OSError, ValueError):
            return None

    def store(self, key, value):
        """Saves `value` under `key` as the app does (one JSON file per key), before a launch."""
        os.makedirs(self.data, exist_ok=True)
        with open(os.path.join(self.data, f"duobao.v1.{key}.json"), "w") as file:
            json.dump(value, file)

    def saved_plies(self):
        saved = self.stored("game")
        return saved["game"]["plies"] if saved else None


# --- the screens, found by their buttons (see screen.bands) ------------------------------------

# A vertical line that crosses the home screen's buttons, the dialogs' and the settings' rows
# near their left edges, beside the labels (the home buttons start at x = 35 in a 430-pixel
# window, the dialogs' content at 36, the settings' at 30).
SCAN_X = 45


# The home screen's buttons along the scan line without Continue: vs AI, pass-and-play, a
# friend by link, online, puzzles, rules (beside settings), the analysis board (beside the board editor)
# and Your games (beside statistics). Learn, in its own gold up front while lessons remain, is not
# one of the fills the scan line looks for.
HOME_BUTTONS = 8


def home_buttons(shot):
    """The home screen's buttons along the scan line, top to bottom ([Continue,] vs AI,
    pass-and-play, by link, online, puzzles, rules, analysis, Your games), or None when the home screen is
    not showing."""
    found = [b for b in screen.bands(shot, x=SCAN_X) if b.end - b.start >= 40]
    if screen.find_board(shot) or not HOME_BUTTONS <= len(found) <= HOME_BUTTONS + 1:
        return None
    if found[0].kind != "primary" or any(b.kind != "light" for b in found[1:]):
        return None
    return found


def language_button(shot):
    """The language toggle in the home screen's top right corner: its horizontal extent (it is
    labelled with the other language: "中文" is narrower than "English")."""
    row = [b for b in screen.bands(shot, y=22, minimum=12) if b.start > shot.width / 2]
    return row[-1] if row else None


def vs_ai_sheet(shot):
    """The vs-AI sheet's rows (side, level, start, back) or None: the side row shows the chosen
    side, then come the level row, Start (the one primary button) and Back."""
    found = screen.bands(shot, x=SCAN_X)
    sides = [i for i, b in enumerate(found) if b.kind == "selected"]
    starts = [i for i, b in enumerate(found) if b.kind == "primary"]
    if not sides or not starts or starts[-1] + 1 >= len(found) or starts[-1] < 2:
        return None
    start = starts[-1]
    if start <= sides[0]:
        return None
    return {
        "side": found[sides[0]],
        "level": found[start - 1],
        "start": found[start],
        "back": found[start + 1],
    }


def new_game_question(shot):
    """The question before a new game replaces the saved one: Continue (the primary button),
    then Start new, over the dimmed home screen; None when it is not showing."""
    found = screen.bands(shot, x=SCAN_X)
    if screen.find_board(shot) or [b.kind for b in found] != ["primary", "light"]:
        return None
    return {"continue": found[0], "start_new": found[1]}


# Your games is scanned nearer the edge, through the cards' padding left of their lines of text.
GAMES_SCAN_X = 28


def first_kept_game(shot):
    """Your games: the first game's card, a tall light button under the two rows of filters
    (each with its first choice, All, selected), or None."""
    found = screen.bands(shot, x=GAMES_SCAN_X, start=80)
    selected = [i for i, b in enumerate(found) if b.kind == "selected"]
    if screen.find_board(shot) or len(selected) < 2:
        return None
    cards = [b for b in found[selected[1] + 1 :] if b.kind == "light" and b.end - b.start >= 80]
    return cards[0] if cards else None


def game_menu(shot):
    """The game menu's buttons (resume, share, rules, settings, new game, …) or None."""
    found = screen.bands(shot, x=SCAN_X)
    if len(found) < 4 or found[0].kind != "primary":
        return None
    board = screen.find_board(shot)
    if board is not None:
        # The menu dims the board; a board still in full colour means no dialog is open.
        return None
    return found


def menu_button(shot, board):
    """The game screen's Menu button: the first light button right under the board, at its
    right edge (Undo is on the left)."""
    left, top, right, bottom = board.box()
    x = int(min(right, shot.width) - 20)
    for band in screen.bands(shot, x=x, start=int(bottom)):
        if band.kind == "light":
            return (x - 30, band.centre())
    return None


def settings_rows(shot):
    """The settings page: Back (top left, found left of its label), the language row's first
    choice ("中文"), and the switches that are on, from the top, each the band of its track. An
    "on" track has the primary red with its thumb at its right end, so the switches are found
    along the rightmost line that crosses a track's red part."""
    back = screen.bands(shot, x=22, end=80, minimum=20)
    found = screen.bands(shot, x=SCAN_X, start=80, minimum=30)
    if not back or back[0].kind != "light" or len(found) < 3:
        return None
    if found[0].kind not in ("light", "selected"):
        return None
    for x in range(shot.width - 1, shot.width // 2, -2):
        tracks = [b for b in screen.bands(shot, x=x, start=80, minimum=20) if b.kind == "primary"]
        if tracks:
            return {"back": back[0], "language": found[0], "switches": tracks}
    return None




def online_page(shot):
    """The Play online page: the side row with its choice (Red) selected, then Invite, the one
    primary button; Invite's band, or None."""
    found = screen.bands(shot, x=SCAN_X, start=80)
    kinds = [b.kind for b in found]
    if screen.find_board(shot) or "selected" not in kinds or "primary" not in kinds:
        return None
    invite = found[kinds.index("primary")]
    return invite if invite.start > found[kinds.index("selected")].end else None


def invite_sheet(shot):
    """The invitation over the dimmed game screen: its QR code and link, then Send the link (the
    primary button) and Back; Back's band, or None."""
    found = [b for b in screen.bands(shot, x=SCAN_X, start=80) if b.end - b.start >= 40]
    if screen.find_board(shot) or len(found) < 2:
        return None
    if found[-2].kind != "primary" or found[-1].kind != "light":
        return None
    return found[-1]


# --- the browser across the table --------------------------------------------------------------

PEER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "online-peer.mjs")


class Peer:
    """online-peer.mjs: the server and a browser on it, which sits down at the desktop app's
    invitation and plays Black. It speaks in JSON lines (see its opening comment)."""

    def __init__(self, moves, work):
        self.log = open(os.path.join(work, "peer.log"), "w")
        self.process = subprocess.Popen(
            ["node", PEER, "--moves", ",".join(moves)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            start_new_session=True,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            if line.startswith("{"):
                self.lines.put(json.loads(line))
            else:
                self.log.write(line)
        self.lines.put(None)

    def hear(self, what, timeout):
        try:
            message = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise Failure(f"the browser said nothing of {what} within {timeout} s") from None
        if message is None:
            raise Failure(f"the browser ended before {what} (see peer.log)")
        if "error" in message:
            raise Failure(f"the browser, waiting for {what}: {message['error']}")
        return message

    def tell(self, message):
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def close(self):
        """Closes its input, which ends it (its server and browser with it)."""
        if self.process.poll() is None:
            try:
                self.process.stdin.close()
                self.process.wait(30)
            except (OSError, subprocess.TimeoutExpired):
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        self.log.close()


# --- the test ------------------------------------------------------------------------------

PASS_AND_PLAY_CAPTURE = ["c3c4", "a4a3", "b2c3", "a3b2"]  # the last sandwiches red's c3

# b2c2 loses by force: with the 8th ply Black pushes the treasure from b3 to b4, between two of
# its soldiers, and captures it.
ONLINE_GAME = ["b2c2", "b4b3", "c3b2", "b3a3", "c2c3", "b2b3", "b1b2", "b3b4"]


def moved(position, move):
    after = dict(position)
    origin, destination = move[:2], move[2:4]
    after[destination] = after[origin]
    after[origin] = "empty"
    return after


class Test(Session):
    def check(self, step):
        self.step = step
        print(f"native e2e: {step}", flush=True)

    def passed(self, what):
        print(f"  ok: {what}", flush=True)

    # -- screens --

    def wait_home(self, what, continue_expected, timeout=SCREEN_TIMEOUT):
        buttons = self.wait_for(what, home_buttons, timeout)
        has_continue = len(buttons) == HOME_BUTTONS + 1
        if has_continue != continue_expected:
            raise Failure(
                f"{what}: the home screen shows {len(buttons)} buttons; expected "
                f"{'Continue first' if continue_expected else 'no Continue'}"
            )
        return buttons

    def wait_board(self, what):
        return self.wait_for(what, screen.find_board)

    def wait_position(self, what, expected, board, timeout=SCREEN_TIMEOUT):
        """Waits until the board shows `expected` in two screenshots in a row (pieces slide for
        150 ms, captured ones fade for 250 ms)."""
        seen = []

        def shows(shot):
            position = screen.read_position(shot, board)
            seen.append(position)
            return len(seen) >= 2 and seen[-1] == seen[-2] == expected and shot

        try:
            return self.wait_for(what, shows, timeout)
        except Failure as failure:
            raise Failure(
                f"{failure}\nexpected:\n{screen.show(expected)}\nseen:\n{screen.show(seen[-1])}"
            ) from None

    def tap_point(self, board, name):
        self.click(board.point(name))

    def play(self, board, move, before):
        """Clicks a move's origin, waits for the selection to show, clicks its destination."""
        origin = move[:2]
        x, y = board.point(origin)
        r = 45 * board.scale
        box = (x - r, y - r, x + r, y + r)
        self.tap_point(board, origin)
        self.wait_for(
            f"the selection of {origin}", lambda shot: shot.difference(before, box) > 2
        )
        self.tap_point(board, move[2:4])

    def open_menu(self, board):
        shot = self.shot()
        button = menu_button(shot, board)
        if button is None:
            raise Failure(f"no Menu button under the board ({shot.path})")
        self.click(button)
        return self.wait_for("the game menu", game_menu)

    def escape_closes(self, what, is_open):
        """Presses Escape with a dialog open and waits until the dialog is gone: Escape goes back
        through the page's history (src/navigation/history.rs), as Android's Back does."""
        self.key("Escape")
        self.wait_for(f"Escape closing {what}", lambda shot: not is_open(shot), timeout=3)
        self.passed(f"Escape closes {what}")

    # -- the scenario --

    def first_run(self):
        self.check("first launch: the window and the home screen")
        # The screens are read by the dark theme's colours (screen.py); a fresh app follows the
        # system's appearance, which a bare X server does not state.
        self.store("prefs.theme", "dark")
        self.launch("first")
        geometry = run("xdotool", "getwindowgeometry", "--shell", self.window)
        fields = dict(line.split("=", 1) for line in geometry.split())
        size = (int(fields["WIDTH"]), int(fields["HEIGHT"]))
        if size != (430, 900):
            raise Failure(f"the window is {size[0]}×{size[1]}, expected 430×900 (src/shell.rs)")
        self.passed("a phone-shaped window, 430×900")
        # The first page load of a fresh HOME also builds the font cache: room for a slow machine.
        buttons = self.wait_home("the home screen", continue_expected=False, timeout=WINDOW_TIMEOUT)
        home = self.shot("native-home.png")
        self.home_shot = home
        self.english_toggle = language_button(home)
        if not self.english_toggle:
            raise Failure(f"no language button in the home screen's corner ({home.path})")
        self.passed("the home screen, in English, without Continue")

        self.check("Back (Escape) closes the vs-AI sheet")
        self.click((SCAN_X + 30, buttons[0].centre()))
        self.wait_for("the vs-AI sheet", vs_ai_sheet)
        self.escape_closes("the vs-AI sheet", vs_ai_sheet)
        self.wait_home("the home screen after closing the sheet", continue_expected=False)

        self.check("pass-and-play by clicks, with a capture")
        buttons = home_buttons(self.shot())
        self.click((SCAN_X + 30, buttons[1].centre()))
        board = self.wait_board("the pass-and-play board")
        position = screen.start_position()
        shot = self.wait_position("the start position", position, board)
        for number, move in enumerate(PASS_AND_PLAY_CAPTURE, 1):
            self.play(board, move, shot)
            position = moved(position, move)
            if number == len(PASS_AND_PLAY_CAPTURE):
                # Black on b2 and d4 sandwich red's c3 on the diagonal b2-c3-d4.
                position["c3"] = "empty"
            shot = self.wait_position(f"the board after {move}", position, board)
        self.shot("native-capture.png")
        self.replaced_position = position
        self.wait_file_plies("the pass-and-play game", PASS_AND_PLAY_CAPTURE)
        self.passed("four moves by clicks; a3b2 captures the red soldier on c3; all four saved")

        self.check("back home: Continue offers the pass-and-play game")
        menu = self.open_menu(board)
        self.click((SCAN_X + 30, menu[4].centre()))  # New game
        buttons = self.wait_home("the home screen after New game", continue_expected=True)
        self.passed("home shows Continue for the unfinished game")

        self.check("a game against the computer (Easy), by clicks")
        self.click((SCAN_X + 30, buttons[1].centre()))
        question = self.wait_for("the question before replacing the saved game", new_game_question)
        self.click((SCAN_X + 30, question["start_new"].centre()))
        sheet = self.wait_for("the vs-AI sheet", vs_ai_sheet)
        shot = self.shot()
        level_row = screen.bands(shot, y=sheet["level"].start + 6)
        if len(level_row) != 4:
            raise Failure(f"the level row shows {len(level_row)} buttons, not 4 ({shot.path})")
        self.click((level_row[0].centre(), sheet["level"].centre()))  # Easy
        self.wait_for(
            "Easy chosen",
            lambda s: screen.bands(s, y=sheet["level"].start + 6)[0].kind == "selected",
        )
        self.click((shot.width / 2, sheet["start"].centre()))
        board = self.wait_board("the vs-AI board")
        position = screen.start_position()
        shot = self.wait_position("the start position", position, board)
        labels = coordinate_label_pixels(shot, board)
        if min(labels) < LABEL_PIXELS:
            raise Failure(
                f"coordinates are on, but not every row number shows beside the board (pixels "
                f"per row from the top: {labels}; {shot.path})"
            )
        self.passed("the row numbers show beside the board (coordinates on by default)")
        started = time.monotonic()
        self.play(board, "b2c2", shot)
        mine = moved(position, "b2c2")
        # The player's move shows at once, alone: the computer's reply never comes sooner than
        # 450 ms after it (MIN_AI_DELAY, src/game/view.rs), and screenshots taken without a pause
        # come several times in that while. The first that shows b2c2 must show nothing else.
        def shows_mine(s):
            # Two points first, which keeps the polls quick; the whole board once they show it.
            for point in ("b2", "c2"):
                if screen.classify(screen.point_features(s, board, point)) != mine[point]:
                    return None
            return s, screen.read_position(s, board)

        first = self.wait_for("the player's move b2c2 on the board", shows_mine, pause=0)
        if first[1] != mine:
            raise Failure(
                f"the first screenshot with b2c2 already shows more ({first[0].path}):\n"
                f"{screen.show(first[1])}\nexpected the player's move alone:\n{screen.show(mine)}"
            )
        plies = self.wait_file_plies("the computer's reply", None, count=2, timeout=AI_TIMEOUT)
        if plies[0] != "b2c2":
            raise Failure(f"the saved game starts {plies}, not with b2c2")
        reply = plies[1]
        answered = moved(mine, reply)
        self.wait_position(f"the computer's reply {reply} on the board", answered, board, AI_TIMEOUT)
        self.shot("native-game.png")
        self.passed(
            f"b2c2 by clicks, shown alone first; the computer answered {reply} in "
            f"{time.monotonic() - started:.1f} s; both plies saved"
        )
        self.position_before_restart = answered

        self.check("Back (Escape) closes the game menu")
        menu = self.open_menu(board)
        self.escape_closes("the game menu", game_menu)
        self.wait_position("the game after the menu closed", answered, board)
        menu = self.open_menu(board)

        self.check("settings: coordinates off, language Chinese")
        self.click((SCAN_X + 30, menu[3].centre()))  # Settings
        page = self.wait_for("the settings page", settings_rows)
        coordinates = page["switches"][0]  # every switch is on at first; coordinates is the top one
        self.click((coordinates.across, coordinates.centre()))
        self.wait_file("the coordinates setting", lambda: self.stored("prefs.coordinates") is False)
        self.click((page["language"].across + 30, page["language"].centre()))
        self.wait_file("the language setting", lambda: self.stored("prefs.lang") == "zh")
        page = self.wait_for("the settings page", settings_rows)
        self.shot("native-settings.png")
        self.passed("coordinates off and Chinese saved (prefs.coordinates, prefs.lang)")
        self.click((page["back"].across + 10, page["back"].centre()))
        menu = self.wait_for("the game menu after the settings", game_menu)
        self.click((SCAN_X + 30, menu[0].centre()))  # Resume
        board = self.wait_board("the game after the menu")
        self.wait_position("the same game", self.position_before_restart, board)
        self.check("the app is closed")
        self.quit()

    def second_run(self):
        self.check("second launch: the settings and the game are kept")
        self.launch("second")
        buttons = self.wait_home(
            "the home screen after the restart", continue_expected=True, timeout=WINDOW_TIMEOUT
        )
        home = self.shot("native-restart.png")
        toggle = language_button(home)
        if toggle is None or toggle.end - toggle.start <= self.english_toggle.end - self.english_toggle.start:
            raise Failure(
                "after the restart the language button is not the wider \"English\" one of a "
                f"Chinese home screen ({home.path})"
            )
        title = (0, 100, home.width, buttons[0].start - 10)
        if home.difference(self.home_shot, title) < 2:
            raise Failure(f"the home screen's title did not change language ({home.path})")
        if self.stored("prefs.lang") != "zh" or self.stored("prefs.coordinates") is not False:
            raise Failure("the settings files changed at the restart")
        self.passed("home in Chinese after the restart, with Continue first")

        self.check("Continue shows the same position")
        self.click((SCAN_X + 30, buttons[0].centre()))
        board = self.wait_board("the continued game")
        shot = self.wait_position("the position before the restart", self.position_before_restart, board)
        labels = coordinate_label_pixels(shot, board)
        if max(labels) >= LABEL_PIXELS:
            raise Failure(
                f"row numbers show beside the board although coordinates were turned off (pixels "
                f"per row from the top: {labels}; {shot.path})"
            )
        self.shot("native-continue.png")
        if len(self.saved_plies()) != 2:
            raise Failure(f"the saved game has {self.saved_plies()} after continuing")
        self.passed("Continue shows the game as it was, without coordinates")

        self.check("Back (Escape) on the game returns home, the game kept")
        self.key("Escape")
        self.wait_home("the home screen after Escape", continue_expected=True)
        self.shot("native-back-home.png")
        if len(self.saved_plies()) != 2:
            raise Failure(f"the saved game has {self.saved_plies()} after going back home")
        self.passed("home with Continue, both plies still saved")

        self.check("Your games keeps the pass-and-play game the computer's replaced, and reviews it")
        buttons = self.wait_home("the home screen", continue_expected=True)
        self.click((SCAN_X + 30, buttons[-1].centre()))  # Your games
        entry = self.wait_for("Your games with the replaced game", first_kept_game)
        self.shot("native-your-games.png")
        self.click((GAMES_SCAN_X + 30, entry.centre()))
        board = self.wait_board("the review of the kept game")
        self.wait_position("the kept game's last position", self.replaced_position, board)
        self.shot("native-review.png")
        self.passed("the unfinished pass-and-play game is kept; its review shows where it was left")
        self.quit()

    def theme_runs(self):
        self.check("the window takes the saved theme's colour from its first frame")
        for theme, other in (("light", "dark"), ("dark", "light")):
            self.store("prefs.theme", theme)
            self.launch(f"theme-{theme}")
            expected, wrong = THEME_TABLES[theme], THEME_TABLES[other]

            # Every frame from the window's first until the home screen is drawn: none may show
            # the other theme's table (the flash the saved look prevents: the window's and the
            # WebView's background are the theme's from the start, src/shell.rs). Before the
            # window paints, the X server shows black, and on a first launch WebKitGTK under
            # Xvfb may show a bare surface a moment; neither is a theme's colour.
            def seen(shot):
                corner = tuple(shot.rgb(4, shot.height - 4))
                if near(corner, wrong):
                    raise Failure(
                        f"the {theme} theme's window showed the {other} table {corner} ({shot.path})"
                    )
                return (
                    home_drawn(shot, expected)
                    and near(corner, expected)
                    and near(shot.rgb(shot.width - 4, 4), expected)
                    and shot
                )

            shot = self.wait_for(
                f"the {theme} home screen", seen, timeout=WINDOW_TIMEOUT, pause=0.05
            )
            self.shot(f"native-theme-{theme}.png")
            self.passed(
                f"{theme}: the window is the table's {expected}, never the {other} one ({shot.path})"
            )
            self.quit()

    def online_run(self):
        self.check("online: the desktop app invites a browser through the app's server")
        self.peer = Peer(ONLINE_GAME, self.work)
        server = self.peer.hear("its server", 120)["server"]
        shutil.rmtree(self.data, ignore_errors=True)
        self.store("prefs.theme", "dark")
        # The server's address, as the settings keep what the player typed.
        self.store("prefs.tablebase_service", server)
        # The player chose to play invitations without a name, as the app keeps that choice: the
        # name sheet that asks it first is the web suite's (e2e/tests/players.test.mjs).
        self.store("account", "anonymous")
        self.launch("online")
        buttons = self.wait_home("the home screen", continue_expected=False, timeout=WINDOW_TIMEOUT)
        self.click((SCAN_X + 30, buttons[3].centre()))  # Play online
        invite = self.wait_for("the Play online page", online_page)
        self.shot("native-online-page.png")
        self.click((SCAN_X + 30, invite.centre()))  # Invite a friend, as Red (the first choice)
        self.wait_for("the invitation", invite_sheet)
        for attempt in range(10):
            # The sheet slides in: a later screenshot shows the code whole.
            time.sleep(0.3)
            shot = self.shot("native-online-invite.png" if attempt == 0 else None)
            self.peer.tell({"qr": shot.path})
            if self.peer.hear("the invitation's QR code", 90).get("seated"):
                break
        else:
            raise Failure(f"the browser read no QR code off the invitation ({shot.path})")
        self.passed(f"the browser read the invitation's QR code ({server}) and sat down as Black")

        back = invite_sheet(self.shot())
        if back:
            self.click((SCAN_X + 30, back.centre()))
        board = self.wait_board("the live board")
        position = screen.start_position()
        shot = self.wait_position("the start position on the live board", position, board)
        self.check("online: the game played by clicks here and taps in the browser")
        # The browser answers at once, so each of Red's moves is seen with Black's answer.
        for number in range(0, len(ONLINE_GAME) - 2, 2):
            mine, answer = ONLINE_GAME[number : number + 2]
            self.play(board, mine, shot)
            position = moved(moved(position, mine), answer)
            shot = self.wait_position(f"the live board after {mine} {answer}", position, board, 30)
            self.wait_file_plies(f"the online game after {answer}", ONLINE_GAME[: number + 2])
        self.shot("native-online-board.png")
        self.passed("six plies, Red's by clicks here and Black's from the browser, shown and saved")
        self.play(board, ONLINE_GAME[-2], shot)

        over = self.peer.hear("the end of the game", 60)["over"]
        if over != "black":
            raise Failure(f"the browser says {over} won, not Black")
        lost = {"wins": 0, "losses": 1, "draws": 0}
        self.wait_file("the online game counted", lambda: self.stored("stats.online") == lost, 30)
        self.shot("native-online-over.png")
        self.passed("Black's treasure capture ends the game on both sides; a loss online counted here")
        self.peer.close()
        self.quit()

    # -- files --

    def wait_file(self, what, test, timeout=SCREEN_TIMEOUT):
        return self.wait_for_file(what, test, timeout)

    def wait_file_plies(self, what, expected, count=None, timeout=SCREEN_TIMEOUT):
        def saved():
            plies = self.saved_plies()
            if plies is None:
                return None
            if expected is not None:
                return plies == expected and plies
            return len(plies) >= count and plies

        try:
            return self.wait_for_file(what, saved, timeout)
        except Failure:
            raise Failure(
                f"{what}: the saved game has plies {self.saved_plies()}, expected "
                f"{expected if expected is not None else f'{count}'}"
            ) from None


# A row number in the board's 430-pixel window covers some 40 to 70 pixels; bare wood, none.
LABEL_PIXELS = 10


# The table of each theme (assets/main.css --table), the window's colour.
THEME_TABLES = {"light": (0xF3, 0xEA, 0xDB), "dark": (0x2A, 0x1C, 0x11)}


def near(rgb, expected, tolerance=6):
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, expected))


def home_drawn(shot, table):
    """Whether the home screen's title and buttons stand out of the table, whatever the theme:
    many pixels far from its colour along the scan line."""
    far = sum(
        1
        for y in range(0, shot.height, 2)
        if sum(abs(a - b) for a, b in zip(shot.rgb(SCAN_X, y), table)) > 90
    )
    return far >= 60


def coordinate_label_pixels(shot, board):
    """For each row, from the top, how many pixels differ from the wood where its number stands
    (left of file a)."""
    counts = []
    for row in range(5):
        cy = board.top + (screen.MARGIN + row * screen.CELL) * board.scale
        count = 0
        for x in range(int(board.left + 6 * board.scale), int(board.left + 30 * board.scale)):
            for y in range(int(cy - 12 * board.scale), int(cy + 12 * board.scale)):
                count += not screen.is_wood(shot.rgb(x, y))
        counts.append(count)
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--app", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument(
        "--runs",
        default="first,second,themes,online",
        help="which runs, in order (second needs first)",
    )
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    test = Test(args.app, args.work, args.screenshots)
    started = time.monotonic()
    try:
        runs = {
            "first": test.first_run,
            "second": test.second_run,
            "themes": test.theme_runs,
            "online": test.online_run,
        }
        for name in args.runs.split(","):
            runs[name]()
    except Failure as failure:
        print(f"native e2e FAILED at step \"{test.step}\": {failure}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(
            f"native e2e FAILED at step \"{test.step}\": {' '.join(error.cmd)} exited "
            f"{error.returncode}: {error.stderr}",
            file=sys.stderr,
        )
        return 1
    finally:
        test.quit()
        if test.peer:
            test.peer.close()
    print(f"native e2e: passed in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(main())
