-- Words the play loop shows on the table, in the save's locale. The connect
-- panel's own words come with the generated config (config.strings); these
-- are the ones only the Lua needs, kept beside the code that shows them.
local config = require("hauntkit/config")

local WORDS = {
  offline_once = {
    ["zh-Hans"] = "未连接规则服务器：本桌为手动沙盒，规则需玩家自行执行。",
    ["zh-Hant"] = "未連線規則伺服器：本桌為手動沙盒，規則需玩家自行執行。",
    en = "No rules server: this table is a hand-played sandbox.",
  },
  unreachable = {
    ["zh-Hans"] = "规则服务器无法访问，稍后重试。",
    ["zh-Hant"] = "規則伺服器無法連線，稍後重試。",
    en = "The rules server cannot be reached; retrying later.",
  },
  refused = {["zh-Hans"] = "不行：", ["zh-Hant"] = "不行：", en = "Refused: "},
  resync = {
    ["zh-Hans"] = "正在与服务器重新同步牌桌…",
    ["zh-Hant"] = "正在與伺服器重新同步牌桌…",
    en = "Resynchronising the table with the server…",
  },
  choose_a = {["zh-Hans"] = "选此角色（正面）", ["zh-Hant"] = "選此角色（正面）", en = "Choose (side A)"},
  choose_b = {["zh-Hans"] = "选此角色（背面）", ["zh-Hant"] = "選此角色（背面）", en = "Choose (side B)"},
  start = {["zh-Hans"] = "开始游戏", ["zh-Hant"] = "開始遊戲", en = "Start the game"},
  roll = {["zh-Hans"] = "属性检定掷骰", ["zh-Hant"] = "屬性檢定擲骰", en = "Trait roll"},
  end_turn = {["zh-Hans"] = "结束回合", ["zh-Hant"] = "結束回合", en = "End turn"},
  actions = {["zh-Hans"] = "其他行动…", ["zh-Hant"] = "其他行動…", en = "Actions…"},
  no_actions = {
    ["zh-Hans"] = "现在没有可选的其他行动。",
    ["zh-Hant"] = "現在沒有可選的其他行動。",
    en = "No other action is open to you now.",
  },
  damage_step = {
    ["zh-Hans"] = "分配伤害：还剩 %d 点，选择属性",
    ["zh-Hant"] = "分配傷害：還剩 %d 點，選擇屬性",
    en = "Split the damage: %d left, pick a trait",
  },
  not_in_room = {
    ["zh-Hans"] = "请把棋子放在房间或已开启的门外。",
    ["zh-Hant"] = "請把棋子放在房間或已開啟的門外。",
    en = "Drop the figure on a room or just beyond an open door.",
  },
  prompt = {["zh-Hans"] = "请选择", ["zh-Hant"] = "請選擇", en = "Choose"},
  game_over = {["zh-Hans"] = "游戏结束", ["zh-Hant"] = "遊戲結束", en = "Game over"},
}

local M = {}

-- A {zh-Hans, zh-Hant, en} text from the server in the table's locale.
function M.pick(text)
  if type(text) ~= "table" then
    return text ~= nil and tostring(text) or ""
  end
  return text[config.locale] or text.en or text["zh-Hans"] or ""
end

function M.get(key, ...)
  local entry = WORDS[key]
  if entry == nil then
    return key
  end
  local text = M.pick(entry)
  if select("#", ...) > 0 then
    return string.format(text, ...)
  end
  return text
end

return M
