-- Object script of a room: reports gestures to Global.
require("objects/wire")("room")
