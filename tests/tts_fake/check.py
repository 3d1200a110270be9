"""Compare the fake table with the server's state: where every placed tile,
figure, trait clip, held card and the omen counter must be, worked out
independently from the `tts` section (docs/ARCHITECTURE.md) and the
server's full state. Returns readable mismatches so a failing step says
what is out of place."""
from __future__ import annotations

import json
import math

TOL = 1e-3


def _cell(tts: dict, floor: str, x: int, y: int) -> tuple[float, float]:
    origin = tts["floors"][floor]["origin"]
    pitch = tts["tile"]["pitch"]
    return origin["x"] + x * pitch, origin["z"] + y * pitch


def _on_board(board: dict, offset: dict) -> tuple[float, float]:
    """Offset in the board's frame → world x, z (frame = world at rotY 180)."""
    a = math.radians((board["rot"]["y"] - 180) % 360)
    x, z = offset["x"], offset["z"]
    return (board["pos"]["x"] + x * math.cos(a) + z * math.sin(a),
            board["pos"]["z"] - x * math.sin(a) + z * math.cos(a))


def mismatches(fake, state: dict, tts: dict, version: int) -> list[str]:
    out = []
    pitch = tts["tile"]["pitch"]
    for room, (floor, x, y, quarter) in state["tiles"].items():
        guid = tts["rooms"][room]["guid"]
        got = fake.state_of(guid)
        want_x, want_z = _cell(tts, floor, x, y)
        want_rot = (tts["tile"]["rotation_offset"] + 90 * quarter) % 360
        if got is None:
            out.append(f"tile {room} is not on the table")
            continue
        if abs(got["pos"]["x"] - want_x) > TOL or abs(got["pos"]["z"] - want_z) > TOL:
            out.append(f"tile {room} at {got['pos']['x']},{got['pos']['z']}, want {want_x},{want_z}")
        if round(got["rot"]["y"]) % 360 != want_rot or round(got["rot"]["z"]) % 360 != 0:
            out.append(f"tile {room} rotation {got['rot']}, want y={want_rot} face up")
        if tts["rooms"][room]["start"] is None and not got["locked"]:
            out.append(f"tile {room} is not locked")
        if got["interactable"]:
            out.append(f"tile {room} can be picked up (a locked object can, in TTS)")
    for seat, p in state["players"].items():
        if not p.get("character"):
            continue
        ct = tts["characters"][p["character"]]
        if p.get("room"):
            floor, x, y, _ = state["tiles"][p["room"]]
            cx, cz = _cell(tts, floor, x, y)
            fig = fake.state_of(ct["figurine"])
            if abs(fig["pos"]["x"] - cx) > pitch / 2 or abs(fig["pos"]["z"] - cz) > pitch / 2:
                out.append(f"{seat}'s figure at {fig['pos']['x']},{fig['pos']['z']}, not in {p['room']}")
        board = fake.state_of(ct["board"])
        for trait, index in (p.get("traits") or {}).items():
            want_x, want_z = _on_board(board, ct["slots"][trait][index + 1])
            clip = fake.state_of(ct["clips"][trait])
            if abs(clip["pos"]["x"] - want_x) > TOL or abs(clip["pos"]["z"] - want_z) > TOL:
                out.append(f"{seat}'s {trait} clip not on index {index}")
        for card in list(p.get("held") or []) + list(p.get("kept") or []):
            if not fake.in_hand(seat, tts["cards"][card]["guid"]):
                out.append(f"{seat} holds {card} but it is not in their hand zone")
    for room, cards in (state.get("floor_items") or {}).items():
        floor, x, y, _ = state["tiles"][room]
        cx, cz = _cell(tts, floor, x, y)
        for card in cards:
            got = fake.state_of(tts["cards"][card]["guid"])
            if got is None or abs(got["pos"]["x"] - cx) > pitch / 2 or abs(got["pos"]["z"] - cz) > pitch / 2:
                out.append(f"{card} lies in {room} but not on its tile")
    out += _tokens(fake, state, tts)
    out += _turn(fake, state)
    counter = fake.state_of(tts["omen_counter"])
    if (counter["value"] or 0) != state.get("omen_count", 0):
        out.append(f"omen counter {counter['value']}, want {state.get('omen_count')}")
    applied = json.loads(fake.save_state())["version"]
    if applied != version:
        out.append(f"table applied version {applied}, server is at {version}")
    return out


def _in_room(tts: dict, state: dict, room: str, pos: dict) -> bool:
    floor, x, y, _ = state["tiles"][room]
    cx, cz = _cell(tts, floor, x, y)
    half = tts["tile"]["pitch"] / 2
    return abs(pos["x"] - cx) <= half and abs(pos["z"] - cz) <= half


def _tokens(fake, state: dict, tts: dict) -> list[str]:
    """Monster tokens in their rooms, stunned ones face down; a marker where
    each character died; haunt tokens where they lie or with their holder;
    no token the server does not know; the track clip."""
    out = []
    haunt = state.get("haunt") or {}
    want = {m["id"]: (m["room"], not m.get("stunned")) for m in haunt.get("monsters") or []}
    want.update({f"dead_{seat}": (p["room"], None) for seat, p in state["players"].items()
                 if p.get("alive") is False and p.get("room") and not p.get("escaped")})
    # Haunt tokens: on their room's floor, or beside the figure holding them
    # (gone with a hero who escaped).
    for tid, tok in (haunt.get("tokens") or {}).items():
        holder = tok.get("holder")
        if holder is None:
            want[tid] = (tok["room"], None)
        elif holder not in (haunt.get("escaped") or []):
            want[tid] = (state["players"][holder]["room"], None)
    have = fake.tokens()
    for token in sorted(set(have) - set(want)):
        out.append(f"token {token} is on the table, the server knows no such piece")
    for token, (room, face_up) in sorted(want.items()):
        got = have.get(token)
        if got is None:
            out.append(f"token {token} is not on the table")
            continue
        if not _in_room(tts, state, room, got["pos"]):
            out.append(f"token {token} at {got['pos']['x']},{got['pos']['z']}, not in {room}")
        if face_up is not None and (round(got["rot"]["z"]) % 360 == 0) != face_up:
            out.append(f"token {token} is face {'down' if face_up else 'up'}")
    track = tts.get("track") or {}
    if haunt and track.get("clip"):
        slot = haunt.get("track") or 0
        want_x, want_z = _on_board(fake.state_of(track["guid"]), track["slots"][slot])
        clip = fake.state_of(track["clip"])
        if abs(clip["pos"]["x"] - want_x) > TOL or abs(clip["pos"]["z"] - want_z) > TOL:
            out.append(f"track clip not on slot {slot}")
    return out


def _turn(fake, state: dict) -> list[str]:
    """TTS marks the turn the server says, and lets no player pass it."""
    order, i = state.get("order") or [], state.get("turn_i")
    if state.get("phase") not in ("explore", "haunt") or not isinstance(i, int) or not 0 <= i < len(order):
        return []
    seat, turns = order[i], fake.api.Turns
    if seat == "monsters":
        return []
    out = []
    if turns.turn_color != seat:
        out.append(f"TTS marks {turns.turn_color}'s turn, the server {seat}'s")
    if turns.pass_turns:
        out.append("TTS's own turn passing is on")
    return out
