"""The TTS fake itself: the primitives other Lua tests rely on behave like
TTS (timers only fire when stepped, containers hand out objects by GUID,
web answers arrive on a later frame, XmlUI elements keep attributes)."""
from __future__ import annotations

from tests.tts_fake import TTSFake, TTSError


def obj(guid, name="BlockSquare", x=0.0, contents=None, tags=()):
    data = {"GUID": guid, "Name": name, "Nickname": guid, "Tags": list(tags),
            "Transform": {"posX": x, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 0, "rotZ": 0,
                          "scaleX": 1, "scaleY": 1, "scaleZ": 1}}
    if contents is not None:
        data["ContainedObjects"] = contents
    return data


SAVE = {
    "LuaScript": """
ticks = 0
function onLoad()
  Wait.time(function() ticks = ticks + 1 end, 2, 3)
end
function take(guid)
  local bag = getObjectFromGUID("b00000")
  local got = bag.takeObject({guid = guid, position = {5, 1, 5}})
  return got.getGUID(), bag.getQuantity(), got.getPosition().x
end
function fetch()
  WebRequest.custom("http://s/x", "POST", true, JSON.encode({a = 1}), {["X-K"] = "v"}, function(r)
    answer = r.response_code .. ":" .. r.text
  end)
end
function hello(player, value, id)
  UI.setValue("status", value .. " from " .. player.color)
end
""",
    "XmlUI": '<Text id="status">idle</Text><Button id="go" onClick="hello">Go</Button>',
    "ObjectStates": [obj("b00000", "Bag", contents=[obj("c00001"), obj("c00002")]),
                     obj("d00000", tags=["die"])],
}


def test_wait_time_fires_only_when_stepped_and_repeats():
    fake = TTSFake(SAVE)
    fake.load_all()
    env = fake.global_env()
    fake.step(1.0)
    assert env.ticks == 0
    fake.step(1.0)
    assert env.ticks == 1
    for _ in range(5):
        fake.step(2.0)
    assert env.ticks == 3                      # three repetitions, then stops


def test_take_object_by_guid_moves_it_onto_the_table():
    fake = TTSFake(SAVE)
    fake.load_all()
    guid, left, x = fake.call_global("take", "c00002")
    assert (guid, left, x) == ("c00002", 1, 5)
    assert fake.object("c00002") is not None
    assert fake.captured.takes == [{"from": "b00000", "guid": "c00002"}]
    assert fake.api.getObjectsWithTag("die")[1].getGUID() == "d00000"


def test_web_answers_arrive_on_the_next_step_through_the_handler():
    seen = []
    fake = TTSFake(SAVE, web=lambda call: (seen.append(call) or (201, {"ok": True})))
    fake.load_all()
    fake.call_global("fetch")
    assert fake.global_env().answer is None
    fake.step()
    assert fake.global_env().answer == '201:{"ok": true}'
    assert seen[0].json() == {"a": 1} and seen[0].headers == {"X-K": "v"}


def test_xml_ui_clicks_reach_the_named_handler_and_errors_surface():
    fake = TTSFake(SAVE)
    fake.load_all()
    fake.click("go", player="Red")
    assert fake.ui("status")["value"] == "-1 from Red"
    try:
        fake.call_global("take", "nope")
    except TTSError as exc:
        assert "attempt to index" in str(exc)
    else:
        raise AssertionError("a Lua error must surface as TTSError")
