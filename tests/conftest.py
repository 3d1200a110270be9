"""Every test run checks every table instruction the server sends against
the shared vocabulary (schemas/ops.schema.json): an answer outside it fails
the action that produced it (kit/ops.py)."""
import os

os.environ["HAUNTKIT_CHECK_OPS"] = "1"
