-- Object script of a figure: reports gestures to Global.
require("objects/wire")("figure")
