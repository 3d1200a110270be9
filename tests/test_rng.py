"""The injected random sources: a recorded tape replays a game exactly."""
import pytest

from kit.engine import RecordingRng, TapeRng, seeded, shuffle


def test_tape_replays_the_same_shuffle_and_rolls():
    rec = RecordingRng(seeded(7))
    deck = list(range(20))
    shuffle(deck, rec)
    rolls = [rec.randrange(6) for _ in range(8)]

    play = TapeRng(rec.tape)
    deck2 = list(range(20))
    shuffle(deck2, play)
    assert deck2 == deck
    assert [play.randrange(6) for _ in range(8)] == rolls


def test_tape_refuses_to_run_past_its_end_or_out_of_range():
    with pytest.raises(RuntimeError):
        TapeRng([]).randrange(6)
    with pytest.raises(RuntimeError):
        TapeRng([9]).randrange(6)


def test_recording_rng_defaults_to_a_cryptographic_source():
    import secrets
    assert isinstance(RecordingRng()._source, secrets.SystemRandom)
