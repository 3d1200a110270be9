-- Buttons on each character board: choose this character (either side),
-- start the game, the trait roll a prompt is waiting for, end turn, and
-- "Actions…" for what no gesture covers. Each button only sends the action
-- for the player who clicked; the server says whether it is allowed.
local util = require("hauntkit/util")
local client = require("hauntkit/client")
local ask = require("hauntkit/ask")
local words = require("hauntkit/words")

local M = {}

M.BUTTONS = {
  {fn = "hk_btn_choose_a", word = "choose_a", x = -0.62, z = 1.12},
  {fn = "hk_btn_choose_b", word = "choose_b", x = 0.0, z = 1.12},
  {fn = "hk_btn_start", word = "start", x = 0.62, z = 1.12},
  {fn = "hk_btn_roll", word = "roll", x = -0.62, z = 1.32},
  {fn = "hk_btn_end_turn", word = "end_turn", x = 0.0, z = 1.32},
  {fn = "hk_btn_actions", word = "actions", x = 0.62, z = 1.32},
}

-- The legal actions no gesture stands for. Which of them are legal now, and
-- with which args, is the server's answer (GET …/legal), never the Lua's.
M.MENU = {
  attack = true, use = true, pick_up = true, room_action = true, drop_through = true,
  monster_attack = true, monster_pick_up = true,
}

-- Buttons cannot be clicked from behind, and a board is flipped to play
-- its other side: each button is made twice, once per face (the back's
-- copy mirrored so the row reads the same way round).
function M.setup()
  for _, board in ipairs(getObjectsWithTag("board")) do
    board.clearButtons()
    for _, face in ipairs({{y = 0.2, flip = 0, mirror = 1}, {y = -0.2, flip = 180, mirror = -1}}) do
      for _, b in ipairs(M.BUTTONS) do
        board.createButton({
          click_function = b.fn, function_owner = Global, label = words.get(b.word),
          tooltip = words.get("tip_" .. b.word),
          position = {b.x * face.mirror, face.y, b.z}, rotation = {0, 180, face.flip},
          scale = {0.1, 1, 0.1}, width = 1700, height = 340, font_size = 150,
        })
      end
    end
  end
end

local function offline_hint(color)
  broadcastToColor(words.get("offline_once"), color, {0.8, 0.8, 0.8})
end

-- Sit first when the seat is still free, then choose (the engine wants both).
function M.choose(board, color, side)
  local character = util.content_id(board, "character")
  if not client.online then
    offline_hint(color)
    return
  end
  local function choose()
    client.act("choose_character", color, {character = character, side = side})
  end
  client.get("/seats", function(ok, answer)
    if not ok then
      return
    end
    for _, s in ipairs(answer.seats or {}) do
      if s.seat == color and s.seated then
        choose()
        return
      end
    end
    client.sit(color, function(sat)
      if sat then
        choose()
      end
    end)
  end)
end

-- "Actions…": the clicking seat's legal actions from the menu above, by the
-- server's labels; the one picked is sent with the server's args as they are.
function M.actions(color)
  if not client.online then
    offline_hint(color)
    return
  end
  client.get("/legal?seat=" .. color, function(ok, answer)
    if not ok then
      return
    end
    local offered, labels = {}, {}
    for _, a in ipairs(answer.actions or {}) do
      if M.MENU[a.action] then
        table.insert(offered, a)
        local label = words.pick(a.label)
        table.insert(labels, label ~= "" and label or tostring(a.action))
      end
    end
    if #offered == 0 then
      broadcastToColor(words.get("no_actions"), color, {0.8, 0.8, 0.8})
      return
    end
    ask.dialog(color, words.get("actions"), labels, function(index)
      local a = offered[index]
      if a ~= nil then
        client.act(a.action, color, a.args or {})
      end
    end)
  end)
end

function M.act(action, color)
  if not client.act(action, color, {}) then
    offline_hint(color)
  end
end

return M
