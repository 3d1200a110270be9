-- Shared by the object scripts: define this object's TTS event handlers so
-- they hand each gesture to Global (object scripts cannot see Global's
-- modules, only call its functions). The object decides nothing itself.
local function report(kind, player_color, role)
  Global.call("hk_gesture", {kind = kind, guid = self.getGUID(), player = player_color, role = role})
end

return function(role, kinds)
  kinds = kinds or {drop = true, pickup = true}
  if kinds.drop then
    onDrop = function(player_color) report("drop", player_color, role) end
  end
  if kinds.pickup then
    onPickUp = function(player_color) report("pickup", player_color, role) end
  end
  if kinds.roll then
    onRandomize = function(player_color) report("roll", player_color, role) end
  end
end
