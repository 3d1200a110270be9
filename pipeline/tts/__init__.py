"""The TTS stage: saves per ruleset and locale, Lua bundling, install, Workshop.

Entry points: `stage.build` (called by `pipeline build`), `install.install`
(`pipeline install-save`) and `workshop.build` (`pipeline workshop`).
"""
