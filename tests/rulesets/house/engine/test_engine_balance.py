"""The balance run (bench/balance.py): a thousand seeded games of the
content's haunts with the objective bots keep every invariant and all end;
a small run writes its report, plots and flags."""
import json
from pathlib import Path

import pytest

from bench import balance

ROOT = Path(__file__).resolve().parents[4]


@pytest.fixture(scope="module")
def real_content(tmp_path_factory):
    """The compiled content of the repository's own YAML, as the engine reads it."""
    from pipeline.content.compile import write_compiled
    from pipeline.content.loader import load_ruleset
    from rulesets.house.engine.content import normalize
    path = write_compiled(load_ruleset("house"), ROOT, tmp_path_factory.mktemp("build"))
    return {**normalize(json.loads(path.read_text(encoding="utf-8"))), "_normalized": True}


def test_a_thousand_bot_games_of_every_haunt_keep_every_invariant_and_end(real_content):
    """R-HAUNT-2 R-HAUNT-9 R-HAUNT-10 R-FIGHT-8: each haunt forced equally
    often over 3-6 players; invariants checked as every turn ends; every
    game ends by an objective or the clock."""
    haunts = sorted(real_content["haunts"])
    games = 1000
    rows = balance.run(real_content, games, "turn")
    s = balance.summarise(rows)
    assert [r["error"] for r in s["broken"]] == []
    assert [(r["seed"], r["haunt"]) for r in s["unended"]] == []
    played = {h: sum(r["haunt"] == h for r in rows) for h in haunts}
    assert set(played.values()) <= {games // len(haunts), games // len(haunts) + 1}
    assert {r["players"] for r in rows} == {3, 4, 5, 6}
    assert all(r["start_turn"] and r["rounds"] >= 1 for r in rows)
    assert {r["winner"] for r in rows} >= {"heroes", "traitor"}


def test_a_game_is_reproducible_from_its_seed(real_content):
    """The bots draw every choice from the seeded source (no global random)."""
    hid = sorted(real_content["haunts"])[0]
    one = balance.play(real_content, 17, players=5, haunt=hid, check=False)
    two = balance.play(real_content, 17, players=5, haunt=hid, check=False)
    assert one[1] == two[1] and one[0]["winner"] == two[0]["winner"]
    assert one[0]["haunt"]["id"] == hid


def test_a_small_balance_run_writes_the_report_plots_and_flags(real_content, tmp_path):
    """40 games: the report names every haunt, flags the ones outside the
    35-65 % band, lists no broken or unended game, and links its plots."""
    s = balance.balance(40, tmp_path, "turn", content=real_content)
    text = (tmp_path / "report.md").read_text(encoding="utf-8")
    for png in ("haunt_start.png", "win_rates.png", "win_by_players.png", "haunt_rounds.png"):
        assert (tmp_path / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"({png})" in text
    for hid in real_content["haunts"]:
        assert f"| {hid} |" in text
    flagged = {h for h, _ in s["flags"]}
    for h, p in s["per"].items():        # without a traitor the heroes play against the house
        none = real_content["haunts"][h]["traitor"]["rule"] == "none"
        assert p["against"] == ("house" if none else "traitor")
        assert p["against_rate"] == p[f"{p['against']}_rate"]
    assert flagged == {h for h, p in s["per"].items()
                       if not all(0.35 <= p[f"{side}_rate"] <= 0.65 for side in ("heroes", p["against"]))}
    for h in flagged:
        assert f"- **{h}**:" in text
    sizes = text.split("## The heroes' win rate by table size")[1].split("## When the haunt starts")[0]
    for hid, p in s["per"].items():
        cells = [f"{c['heroes'] / c['games']:.0%} of {c['games']}" for _, c in sorted(p["by_players"].items())]
        assert sum(c["games"] for c in p["by_players"].values()) == p["games"]
        assert all(cell in sizes.split(f"| {hid} |")[1].split("\n")[0] for cell in cells)
    assert "## Invariant violations and unended games (must be none)\n\nNone." in text
    assert not list(tmp_path.glob("*.tmp"))           # written atomically: no leftovers


def test_a_table_size_is_flagged_only_when_its_interval_lies_outside_the_band():
    """Wilson's 95 % interval: 0 of 10 is (0, 0.28); 5 of 10 is (0.24, 0.76);
    a few games at 0 % prove nothing, thirty at 3 % do."""
    lo, hi = balance.wilson(0, 10)
    assert lo == 0 and abs(hi - 0.2775) < 1e-3
    lo, hi = balance.wilson(5, 10)
    assert abs(lo - 0.2366) < 1e-3 and abs(hi - 0.7634) < 1e-3
    rows = [{"haunt": "h", "players": n, "winner": w, "reason": "x", "start_turn": 9, "rounds": 2,
             "error": None, "ended": True}
            for n, heroes, games in ((3, 1, 30), (4, 0, 3), (5, 15, 30), (6, 29, 30))
            for w in ["heroes"] * heroes + ["traitor"] * (games - heroes)]
    s = balance.summarise(rows)
    assert s["flags"] == []                         # over all 93 games the heroes win 48 %
    assert [(h, n, [side for side, _ in sure]) for h, n, sure in s["size_flags"]] == \
        [("h", 3, ["heroes", "traitor"]), ("h", 6, ["heroes", "traitor"])]


def test_the_bots_win_by_every_objective_kind_of_the_fixture_haunts():
    """R-HAUNT-10 R-HAUNT-3: on fixture haunts holding every setup step, rule
    and objective kind and a hidden traitor, bot games keep every invariant
    and end by carrying, a ritual, escaping, collecting, stunning the
    monsters and killing the heroes, so the bots pursue each kind. (The
    fixture's small house can strand everyone in a basement with no way up,
    so not every one of its games ends.)"""
    from test_engine_sim import _scenario_content
    c = _scenario_content()
    reasons = set()
    for seed in range(100):
        hid = ("wick_hunt", "way_out")[seed % 2]
        seen = []
        balance.play(c, seed, players=3 + seed // 2 % 4, haunt=hid, check="turn",
                     watch=lambda s, ev: seen.extend(e["reason"] for e in ev if e["type"] == "game_over"))
        reasons.update(seen)
    assert reasons >= {"carry", "ritual", "escape", "collect", "monsters_stunned", "heroes_dead", "clock"}


def test_a_broken_or_unended_game_fails_the_run_and_is_listed(real_content, tmp_path, monkeypatch, capsys):
    """An invariant violation or a game cut off by the turn cap is a failure
    (non-zero exit); flagged balance alone is not."""
    from kit.sim import InvariantError
    real = balance.play

    def play(content, seed, **kw):
        if seed == 3:
            raise InvariantError("seed 3: a card is missing")
        return real(content, seed, **({**kw, "turn_cap": 4} if seed == 5 else kw))

    monkeypatch.setattr(balance, "play", play)
    monkeypatch.setattr("sys.argv", ["balance.py", "--games", "8", "--check", "turn", "--out", str(tmp_path)])
    import bench_engine
    monkeypatch.setattr(bench_engine, "compiled", lambda name: real_content)
    assert balance.main() == 1
    text = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "- seed 3, " in text and "InvariantError: seed 3: a card is missing" in text
    assert "- seed 5, " in text and "did not end (turn cap)" in text
    assert "invariant violations: 1, games that did not end: 1" in capsys.readouterr().out


def test_a_run_of_one_haunt_plays_only_it_over_every_table_size(real_content, tmp_path):
    """A designer tuning one haunt (--haunt) gets all the games for it,
    spread evenly over 3-6 players; a haunt the content lacks is refused
    with the ids it has."""
    rows = balance.run(real_content, 8, "turn", only=["salt_circle"])
    assert {r["haunt"] for r in rows} == {"salt_circle"}
    assert sorted(r["players"] for r in rows) == [3, 3, 4, 4, 5, 5, 6, 6]
    with pytest.raises(SystemExit, match="no haunt no_such_haunt in the content .*salt_circle"):
        balance.balance(4, tmp_path, "turn", content=real_content, only=["no_such_haunt"])
    assert not (tmp_path / "report.md").exists()
