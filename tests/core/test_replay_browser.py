"""The HTML replay of the showcase in a real browser: Debian's headless Chromium, driven by
Playwright through ``executable_path`` (never ``playwright install``).

Checked at every step: no console error, every unit of the step's ``Board`` drawn where the
state puts it (cm × scale, read back from the rendered circles), the labels' rendered text
boxes almost free of overlap. Screenshots at fixed steps are kept in ``tests/artifacts/replay/``
(git-ignored) and in pytest's temporary folder. Without Chromium or Playwright the tests skip,
naming what to install, unless ``POLEMOS_REQUIRE_REAL=1`` (then they fail).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytest

from polemos.core.annotations import StepNotes
from polemos.core.board import Board
from polemos.core.cli import Recorder
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.render import scale
from polemos.core.scenario import load_scenario

CHROMIUM = "/usr/bin/chromium"
REQUIRE_REAL = os.environ.get("POLEMOS_REQUIRE_REAL") == "1"
ROOT = Path(__file__).parents[2]
SHOWCASE = ROOT / "scenarios" / "mixed" / "bridge-showcase.yaml"
ARTIFACTS = ROOT / "tests" / "artifacts" / "replay"
SEED = 10
"""A showcase game with everything the replay draws: moves, a hit and a miss in one step, a ram
that crushes infantry (greedy bots; the steps are found in the game, not hard-coded)."""
POSITION_PX = 0.05
"""How far a drawn base's centre may be from its Board position, in SVG pixels."""
OVERLAP_SHARE = 0.01
"""The most label area that may be shared with other labels at any step (1 %)."""


def unavailable(why: str) -> NoReturn:
    if REQUIRE_REAL:
        pytest.fail(f"{why}; POLEMOS_REQUIRE_REAL=1 requires it")
    pytest.skip(why)


def start_playwright() -> Any:
    """Playwright's synchronous driver, or a skip naming what to install."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("no Playwright for Python: pip install -e '.[test]'")
    if not Path(CHROMIUM).exists():
        unavailable(f"no {CHROMIUM}: install Debian's chromium package (apt-get install "
                    "chromium)")
    return sync_playwright()


@dataclass
class Replay:
    page: Any
    boards: list[Board]
    notes: list[StepNotes]
    errors: list[str]

    def first(self, wanted: Callable[[StepNotes], bool]) -> int:
        """The first step whose notes are ``wanted``."""
        return next(step for step, notes in enumerate(self.notes) if wanted(notes))

    def moved(self, unit: str) -> int:
        return self.first(lambda n: n.actor == unit and any(p.kind == "move" for p in n.paths))

    def hit_and_miss(self) -> int:
        return self.first(lambda n: {link.hit for link in n.links if link.kind == "shot"}
                          == {True, False})

    def ram_that_crushes(self) -> int:
        return self.first(lambda n: any(p.kind == "ram" for p in n.paths)
                          and any(link.kind == "crush" for link in n.links))

    def shots(self) -> dict[int, str]:
        """The steps kept as screenshots, and what each shows."""
        return {0: "start", self.moved("spad-1"): "biplane-moves",
                self.hit_and_miss(): "a-hit-and-a-miss",
                self.ram_that_crushes(): "tank-rams-through-the-melee",
                len(self.boards) - 1: "end"}


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Replay]:
    """The seed-10 showcase played by greedy bots (as ``polemos play --seed 10 --html``), its
    boards and step notes kept, its page open in headless Chromium."""
    playwright = start_playwright()
    pm = make_plugin_manager()
    game = Game.new(load_scenario(str(SHOWCASE), pm), pm, seed=SEED, transactional=False)
    players = {side: make_bot(pm, game.rules.name, "greedy", bot_rng(SEED, side))
               for side in game.rules.sides(game.state)}
    recorder = Recorder(game)
    play(game, players, after_step=recorder)
    path = tmp_path_factory.mktemp("replay") / "replay.html"
    recorder.write(game, str(path))
    errors: list[str] = []
    with playwright as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(path.as_uri())
        page.wait_for_function("window.polemosReplay !== undefined")
        yield Replay(page, recorder.boards, recorder.notes, errors)
        browser.close()


MEASURE = """steps => steps.map((step) => {
  polemosReplay.show(step);
  const svg = document.querySelector("#board svg");
  const toSvg = svg.getScreenCTM().inverse();
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    const p = new DOMPoint(r.x + r.width / 2, r.y + r.height / 2).matrixTransform(toSvg);
    return [p.x, p.y];
  };
  const pieces = {};
  for (const g of svg.querySelectorAll(".pieces .piece")) {
    pieces[g.dataset.unit] = centre(g.querySelector("circle.base"));
  }
  const labels = [...svg.querySelectorAll(".labels .label")].map((g) => {
    const boxes = [...g.querySelectorAll("text")].map((t) => t.getBBox());
    const x0 = Math.min(...boxes.map((b) => b.x)), y0 = Math.min(...boxes.map((b) => b.y));
    const x1 = Math.max(...boxes.map((b) => b.x + b.width));
    const y1 = Math.max(...boxes.map((b) => b.y + b.height));
    return [g.dataset.unit, x0, y0, x1, y1];
  });
  return {pieces, labels, step: polemosReplay.step,
          caption: document.getElementById("caption").textContent};
})"""


def shared_area(labels: list[list[Any]]) -> tuple[float, float]:
    """The summed pairwise overlap of label boxes and their summed area (px²)."""
    shared = 0.0
    for i, (_, ax0, ay0, ax1, ay1) in enumerate(labels):
        for _, bx0, by0, bx1, by1 in labels[i + 1:]:
            dx, dy = min(ax1, bx1) - max(ax0, bx0), min(ay1, by1) - max(ay0, by0)
            shared += dx * dy if dx > 0 and dy > 0 else 0.0
    return shared, sum((x1 - x0) * (y1 - y0) for _, x0, y0, x1, y1 in labels)


def test_every_unit_is_drawn_where_the_state_puts_it_and_labels_stay_apart(replay: Replay):
    """At every step of the showcase: the drawn bases are exactly the Board's pieces, each
    centred on its position (cm × px per cm); the labels' rendered text boxes share at most
    ``OVERLAP_SHARE`` of their area (the old replay piled them into one mass on the bridge)."""
    worst = (0.0, -1)
    measured = replay.page.evaluate(MEASURE, list(range(len(replay.boards))))
    for step, (board, seen) in enumerate(zip(replay.boards, measured, strict=True)):
        assert (seen["step"], seen["caption"]) == (step, board.caption)
        k = scale(board)
        expected = {p.id: (p.x * k, p.y * k) for p in board.pieces}
        assert set(seen["pieces"]) == set(expected), step
        for unit, (x, y) in expected.items():
            drawn_x, drawn_y = seen["pieces"][unit]
            assert abs(drawn_x - x) <= POSITION_PX and abs(drawn_y - y) <= POSITION_PX, \
                (step, unit, (drawn_x, drawn_y), (x, y))
        assert {label[0] for label in seen["labels"]} == set(expected)
        shared, total = shared_area(seen["labels"])
        worst = max(worst, (shared / total if total else 0.0, step))
    assert worst[0] <= OVERLAP_SHARE, f"labels overlap by {worst[0]:.1%} at step {worst[1]}"
    assert replay.errors == []


def test_acting_unit_shots_and_trails_are_drawn(replay: Replay):
    """The step's acting unit is ringed and its row marked in the units table; a hit and a miss
    are drawn differently; a move leaves a trail; a ram is an arrow."""
    page = replay.page
    page.evaluate(f"polemosReplay.show({replay.moved('spad-1')})")
    assert page.locator("#board .piece.actor").get_attribute("data-unit") == "spad-1"
    assert page.locator("#units tr.actor").get_attribute("data-unit") == "spad-1"
    assert page.locator("#board .path.move[data-unit='spad-1']").count() == 1
    page.evaluate(f"polemosReplay.show({replay.hit_and_miss()})")
    assert page.locator("#board .link.shot.hit").count() >= 1
    assert page.locator("#board .link.shot.miss").count() >= 1
    hit = page.locator("#board .link.shot.hit line").first.get_attribute("stroke-dasharray")
    miss = page.locator("#board .link.shot.miss line").first.get_attribute("stroke-dasharray")
    assert (hit, bool(miss)) == (None, True)
    ram = replay.ram_that_crushes()
    rammer = replay.notes[ram].actor
    page.evaluate(f"polemosReplay.show({ram})")
    assert page.locator(f"#board .path.ram[data-unit='{rammer}']").count() == 1
    assert page.locator("#board .link.crush").count() >= 1
    assert page.locator("#units tr.out").count() >= 1
    assert replay.errors == []


def test_steps_zoom_pan_and_rule_texts_answer_the_user(replay: Replay):
    """Keys, buttons, the slider's neighbours and the step list move between steps; the wheel,
    the zoom buttons, keys and a drag change the view; a rule id in the log carries its text."""
    page = replay.page
    page.evaluate("polemosReplay.show(10)")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("polemosReplay.step") == 11
    page.click("#prev")
    page.click("#prev")
    assert page.evaluate("polemosReplay.step") == 9
    page.click("#steps li[data-step='42']")
    assert page.evaluate("polemosReplay.step") == 42
    page.keyboard.press("End")
    assert page.evaluate("polemosReplay.step") == len(replay.boards) - 1
    whole = page.evaluate("polemosReplay.view")
    page.click("#zoom-in")
    zoomed = page.evaluate("polemosReplay.view")
    assert zoomed["w"] == pytest.approx(whole["w"] / 1.5)
    box = page.locator("#board svg").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -200)
    assert page.evaluate("polemosReplay.view")["w"] < zoomed["w"]
    before = page.evaluate("polemosReplay.view")
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 - 80, box["y"] + box["height"] / 2 - 40)
    page.mouse.up()
    after = page.evaluate("polemosReplay.view")
    assert after["x"] > before["x"] and after["y"] > before["y"]
    page.keyboard.press("0")
    assert page.evaluate("polemosReplay.view") == whole
    page.keyboard.press("+")
    assert page.evaluate("polemosReplay.view")["w"] < whole["w"]
    page.click("#zoom-fit")
    rule = page.locator("#log abbr.rule").first
    assert rule.get_attribute("title")
    assert replay.errors == []


def test_screenshots_at_fixed_steps_are_kept(replay: Replay, tmp_path: Path):
    """Screenshots of the whole page at ``Replay.shots``, for people to look at (README,
    reviews)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for step, name in replay.shots().items():
        replay.page.evaluate(f"polemosReplay.show({step})")
        shot = tmp_path / f"showcase-{step:03d}-{name}.png"
        replay.page.screenshot(path=str(shot))
        assert shot.stat().st_size > 10_000
        shutil.copy(shot, ARTIFACTS / shot.name)
    assert replay.errors == []
