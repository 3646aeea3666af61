"""毒ガス塹壕戦 第三版 (Poison Gas Trench Warfare, 3rd edition): board, rules engine, bots.

The rule text is ``shared/seeds/001_9b6a4225f83b737e.txt``; rules as implemented, rulings (A
numbers) and what is left are in ``docs/rules/trench.md``.
"""
