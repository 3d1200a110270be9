-- luacheck settings for tts_lua/ and rulesets/*/lua/: TTS runs Lua 5.2 (MoonSharp) and provides
-- these globals; scripts define the event handlers TTS calls by name.
std = "lua52"
max_line_length = 120
-- Functions defined at the top level of a script are TTS handlers or XmlUI /
-- button callbacks (TTS finds them by name), so they may be global.
allow_defined_top = true
ignore = {"131"}   -- "unused global": TTS, not Lua code, calls those handlers

-- Handlers and XmlUI callbacks the scripts define for TTS to call.
globals = {
  "onLoad", "onSave", "onUpdate", "onFixedUpdate", "onChat",
  "onObjectDrop", "onObjectPickUp", "onObjectEnterContainer", "onObjectLeaveContainer",
  "onObjectRandomize", "onObjectRotate", "onPlayerTurn", "onPlayerAction",
  "onPlayerConnect", "onPlayerDisconnect", "onPlayerChangeColor", "onExternalMessage",
  "onDrop", "onPickUp", "onRandomize", "onDestroy", "onCollisionEnter", "onStateChange",
  "hk_url", "hk_table", "hk_token", "hk_connect", "hk_gesture", "hk_undo", "hk_new_token",
  -- TTS objects whose fields scripts assign (Turns.enable, Turns.turn_color, …).
  "Turns",
}

-- The TTS API.
read_globals = {
  "self", "Global", "JSON", "WebRequest", "Wait", "UI", "Player", "Hands",
  "Color", "Vector", "Tables", "Notes", "Lighting", "Physics", "Time", "Timer", "Info",
  "broadcastToAll", "broadcastToColor", "print", "printToAll", "printToColor", "log",
  "logStyle", "logString", "getObjectFromGUID", "getObjects", "getObjectsWithTag",
  "getObjectsWithAnyTags", "getObjectsWithAllTags", "getSeatedPlayers", "spawnObject",
  "spawnObjectData", "spawnObjectJSON", "startLuaCoroutine", "group", "flipTable",
  "sendExternalMessage", "addContextMenuItem", "clearContextMenu", "addHotkey",
}
