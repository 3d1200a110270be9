"""The game-free kit every ruleset builds on: the engine contract and random
sources, ruleset facts, words, and the table-instruction vocabulary.

Nothing in `kit` imports a ruleset, the server or the pipeline.
"""
