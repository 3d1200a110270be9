-- The house's table: what Global hands to the ruleset (docs/RULESETS.md,
-- "Lua"). Character boards get their buttons on load; figures, cards and
-- monster tokens dropped by a player become actions (ruleset/gestures).
local gestures = require("ruleset/gestures")
local boards = require("ruleset/boards")

-- Character board buttons (created by ruleset/boards; TTS calls them by name).
function hk_btn_choose_a(board, color)
  boards.choose(board, color, 0)
end

function hk_btn_choose_b(board, color)
  boards.choose(board, color, 1)
end

function hk_btn_start(_, color)
  boards.act("start", color)
end

function hk_btn_roll(_, color)
  boards.act("roll", color)
end

function hk_btn_end_turn(_, color)
  boards.act("end_turn", color)
end

function hk_btn_actions(_, color)
  boards.actions(color)
end

-- Objects without a script of their own (cards, spawned monster tokens)
-- reach the ruleset through Global's pick-up and drop events.
local function unscripted(kind, player_color, obj)
  for _, role in ipairs({"card", "monster"}) do
    if obj.hasTag(role) then
      return gestures.record({kind = kind, guid = obj.getGUID(), player = player_color, role = role})
    end
  end
  return false
end

return {
  setup = boards.setup,
  gesture = gestures.record,
  object_pickup = function(player_color, obj) return unscripted("pickup", player_color, obj) end,
  object_drop = function(player_color, obj) return unscripted("drop", player_color, obj) end,
}
