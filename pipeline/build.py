"""`python -m pipeline build`: content → every build output, in stages.

Every ruleset is loaded and validated before anything is written, so broken
content leaves an existing `build/` exactly as it was. Then, per ruleset,
the stages run in order, into a staging copy of `build/` that replaces it
only once every stage finished (`pipeline.staging`): a problem a later
stage finds leaves `build/` as it was too. Later stages (rendering, the TTS save) live in
their own packages and are looked up in `STAGES`; a stage that cannot be
imported is a broken install, so it stops the build rather than leaving a
half-built `build/` behind a zero exit code.
"""
from __future__ import annotations

import importlib
from pathlib import Path

import rulesets
from pipeline.content.cli import build_dir_arg, load_all, parser, report, selected
from pipeline.content.compile import write_compiled
from pipeline.render.errors import RenderError
from pipeline.staging import staged
from pipeline.tts import urls
from pipeline.tts.stage import StageError

# ---- render and TTS stages -------------------------------------------------
# (name, "module:function", what the ruleset's build module must provide).
# Each is called per ruleset as
#   function(ruleset=<content>, content_path=<build/content/<name>.json>,
#            root=<project root>, build_dir=<build dir>)
# after the compiled content is written, in this order. A ruleset whose
# build module does not (yet) provide a stage's interface gets its content
# compiled and that stage and the later ones skipped, said in one line: a
# game under construction (an engine, no cards yet) still checks, compiles
# and plays on the server.
STAGES: list[tuple[str, str, str]] = [
    ("render", "pipeline.render:build", "RENDER"),
    ("tts", "pipeline.tts:build", "TABLE"),
]
# ----------------------------------------------------------------------------


def _stage(target: str):
    module, _, func = target.partition(":")
    return getattr(importlib.import_module(module), func)


def build(root: Path, build_dir: Path, names: list[str], folders: dict | None = None) -> int:
    loaded, problems = load_all(root, names, folders)
    if problems:
        return report(problems + ["build stopped: nothing written"])
    stages = [(name, _stage(target), needs) for name, target, *needs in STAGES]
    # Saves name their images by the final folder, not the staging one.
    try:
        base_url = urls.resolve(None, Path(build_dir) / "assets")
    except urls.BaseUrlError as exc:
        return report([f"build stopped: {exc}; nothing written"])
    try:
        with staged(build_dir) as stage:
            for rs in loaded:
                content_path = write_compiled(rs, root, stage)
                print(f"{rs.name}: content → {build_dir / content_path.relative_to(stage)}")
                provided = rulesets.builder(rs.name)
                for name, func, needs in stages:
                    if needs and not hasattr(provided, needs[0]):
                        print(f"{rs.name}: no {needs[0]} in its build module: {name} and later stages skipped")
                        break
                    func(ruleset=rs, content_path=content_path, root=root, build_dir=stage, base_url=base_url)
    except (RenderError, StageError) as exc:       # found by a stage: the message names where
        return report(str(exc).splitlines() + ["build stopped: nothing written"])
    return 0


def main(argv: list[str]) -> int:
    args = parser("build", "Check, compile, render and package every ruleset.", writes=True).parse_args(argv)
    names, folders = selected(args)
    return build(args.root, build_dir_arg(args), names, folders)
