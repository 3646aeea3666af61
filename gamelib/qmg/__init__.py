"""主計将校 = Quartermaster General WW2, 2nd edition (game id ``qmg``).

Layers: :mod:`.board` (the map, validated from ``data/map.json``), :mod:`.cards` (the 220 cards,
validated from ``data/cards.json``), :mod:`.game` (options, messages, the game object),
:mod:`.state` (the rules engine), :mod:`.effects` (card effects as named step functions).
"""
