"""Problems the rendering stage reports: one line each, `file:line: id: …`."""


class RenderError(RuntimeError):
    """Every problem found in one build, one per line; nothing is listed in
    the manifest when this is raised."""

    @property
    def lines(self) -> list[str]:
        return str(self).splitlines()


class ContentError(RenderError):
    """The content names something the renderer cannot draw (a missing icon,
    an unknown `:token:`)."""
