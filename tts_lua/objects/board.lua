-- Object script of a board: reports gestures to Global.
require("objects/wire")("board")
